import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { outbox } from '../../local/outbox';
import { CART_WRITES } from '../cart/mutations';
import { cartKeys, cartTick } from '../cart/queries';
import type { PendingWrite } from './pending-cart';

/**
 * The user's cart writes to lay over the server's cart: those waiting in the outbox, and those sent
 * since the request of the cart on screen was sent (`fetchedFrom`, cartFetchedFrom), so a line does
 * not spring back to its old quantity between its write landing and the cart being fetched again.
 * (Counting from when the list arrived instead lost an edit: a list requested before a write
 * landed and answered after it hid the write, and the next + counted from the old quantity.)
 * Refused writes are left out (the network indicator lists them with the server's reason).
 *
 * A write is known to have landed only when this view sees it leave the outbox, which can be after
 * the fetch its sender asked for has started (that fetch may or may not hold it). So seeing writes
 * leave asks for the cart again: without it the last write of a burst stayed 待同步 on its line
 * until something else fetched the cart (found by the mobile e2e flapping test).
 */
export const usePendingCart = (userUuid: string | undefined, fetchedFrom: number) => {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingWrite[]>([]);
  const last = useRef<PendingWrite[]>([]);
  const sent = useRef(new Map<number, { write: PendingWrite; at: number }>());
  useEffect(() => {
    if (!userUuid) return;
    const sub = outbox.rows$(userUuid).subscribe({
      next: (rows) => {
        const now = cartTick();
        const failed = new Set(rows.failed.map((r) => r.seq));
        const mine = rows.pending.filter((r) => CART_WRITES.includes(r.name)).map((r) => ({ seq: r.seq!, name: r.name, payload: r.payload }));
        let left = false;
        for (const w of last.current) {
          if (!mine.some((m) => m.seq === w.seq) && !failed.has(w.seq)) {
            sent.current.set(w.seq, { write: w, at: now });
            left = true;
          }
        }
        last.current = mine;
        setPending(mine);
        if (left) void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
      },
      error: () => setPending([]),
    });
    return () => sub.unsubscribe();
  }, [userUuid, queryClient]);
  for (const [seq, s] of sent.current) if (s.at < fetchedFrom) sent.current.delete(seq);
  return { writes: [...[...sent.current.values()].map((s) => s.write), ...pending], waiting: pending.length };
};
