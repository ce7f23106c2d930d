/**
 * Every cart write goes through the outbox with its idempotency key: it is queued first and sent
 * at once; when the network is down (or the server busy) it stays queued and the outbox replays
 * it, under the same key, when the network returns, so an add made offline lands exactly once.
 * A refusal of the write itself is taken off the queue and thrown (the request helper has shown
 * the server's message).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { requestNamed } from '../../api/request';
import { sendQueued } from '../../api/queued-write';
import { flushOutbox, outbox } from '../../local/outbox';
import type { PayloadIn } from '../../../shared/contracts';
import { cartKeys } from './queries';

export type CartWrite = 'cartAdd' | 'cartUpdateQty' | 'cartUpdateTax' | 'cartCheck' | 'cartRemove';

export const CART_WRITES: readonly string[] = ['cartAdd', 'cartUpdateQty', 'cartUpdateTax', 'cartCheck', 'cartRemove'];

/** the tab's cart writes, one after the other: a later one never reaches the server first */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Quantities, ticks and tax flags are set, not added: a write that overtook an earlier one still
 * waiting in the outbox (made offline) would be undone by that one's replay. So while any cart
 * write of the user waits, a new one joins the queue behind it and the outbox replays them in order.
 */
export const sendCartWrite = <N extends CartWrite>(userUuid: string, name: N, payload: PayloadIn<N>): Promise<'sent' | 'queued'> => {
  const run = async (): Promise<'sent' | 'queued'> => {
    if ((await outbox.pending(userUuid)).some((e) => CART_WRITES.includes(e.name))) {
      await outbox.enqueue(userUuid, name, payload);
      flushOutbox();
      return 'queued';
    }
    return (await sendQueued(userUuid, name, payload, (key) => requestNamed(name, payload as never, undefined, { idempotencyKey: key }))).outcome;
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
};

/** Sends one cart write and fetches the cart again afterwards (requirements 000-4), whatever the outcome. */
export const useCartWrite = () => {
  const queryClient = useQueryClient();
  const { session } = useRouteContext({ from: '__root__' });
  return async <N extends CartWrite>(name: N, payload: PayloadIn<N>) => {
    const user = session.user;
    if (!user) throw new Error('not signed in');
    try {
      return await sendCartWrite(user.uuid, name, payload);
    } finally {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
    }
  };
};

/** Fetches the cart again when queued writes have been replayed (the count of pending ones drops). */
export const useRefetchCartAfterReplay = (userUuid: string | undefined) => {
  const queryClient = useQueryClient();
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (!userUuid) return;
    const sub = outbox.pendingCount$(userUuid).subscribe((n) => {
      if (last.current !== null && n < last.current) void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
      last.current = n;
    });
    return () => sub.unsubscribe();
  }, [userUuid, queryClient]);
};
