/**
 * Writes of 常购清单 and 关注 (docs/basket-follows.md). A basket edit lands on the device's copy
 * first, then goes through the outbox with its idempotency key: sent at once, or, offline, kept
 * and replayed (exactly once) when the network returns. While an earlier basket write waits, a
 * new one queues behind it, so a change never overtakes the add it changes.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { request } from '../../api/request';
import { sendQueued } from '../../api/queued-write';
import { flushOutbox, onReplayed, outbox } from '../../local/outbox';
import { basketStore } from '../../local/basket-store';
import { normalizeOe } from '../../../shared/domain/oe';
import type { PayloadIn } from '../../../shared/contracts';
import { cartKeys } from '../cart/queries';
import { BASKET_WRITES, basketKeys, followKeys } from './queries';
import { createActionKey, type ActionKey } from './action-key';

export type BasketWrite = 'basketAdd' | 'basketUpdate' | 'basketRemove';

let chain: Promise<unknown> = Promise.resolve();

const sendBasketWrite = <N extends BasketWrite>(userUuid: string, name: N, payload: PayloadIn<N>): Promise<'sent' | 'queued'> => {
  const run = async (): Promise<'sent' | 'queued'> => {
    if ((await outbox.pending(userUuid)).some((e) => BASKET_WRITES.includes(e.name))) {
      await outbox.enqueue(userUuid, name, payload);
      flushOutbox();
      return 'queued';
    }
    return (await sendQueued(userUuid, name, payload)).outcome;
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
};

const useUser = () => useRouteContext({ from: '__root__', select: (c) => c.session.user });

/** Adds, changes or removes basket lines: on the device at once, on the server now or when back online. */
export const useBasketWrite = () => {
  const queryClient = useQueryClient();
  const user = useUser();
  return async <N extends BasketWrite>(name: N, payload: PayloadIn<N>, createdBy = user?.user_name ?? '') => {
    if (!user) throw new Error('not signed in');
    if (name === 'basketRemove') {
      await basketStore.removeLines(user.uuid, (payload as PayloadIn<'basketRemove'>).keys);
    } else {
      const p = payload as PayloadIn<'basketAdd'>;
      await basketStore.putLine(user.uuid, {
        key: p.key, oe: p.oe.trim(), oeNorm: normalizeOe(p.oe), name: p.name ?? '', quality: p.quality ?? '', brand: p.brand ?? '',
        qty: Number(p.qty ?? 1), note: p.note ?? '', createdBy, updatedAt: Math.floor(Date.now() / 1000),
      });
    }
    try {
      return await sendBasketWrite(user.uuid, name, payload);
    } finally {
      void queryClient.invalidateQueries({ queryKey: basketKeys.all() });
    }
  };
};

/** Fetches the basket again once the outbox has sent basket writes queued offline. */
export const useRefetchBasketAfterReplay = () => {
  const queryClient = useQueryClient();
  useEffect(() => onReplayed((name) => {
    if (BASKET_WRITES.includes(name)) void queryClient.invalidateQueries({ queryKey: basketKeys.all() });
  }), [queryClient]);
};

/**
 * 一键加入购物车: the chosen lines at their best offers into the cart (online only: it needs the
 * offers of now). One Idempotency-Key per user action: asking again for the same lines before an
 * answer came back (a lost answer, a retry) sends the same key, so nothing is added twice.
 */
export const useBasketToCart = () => {
  const queryClient = useQueryClient();
  const action = useRef<ActionKey>(null);
  action.current ??= createActionKey();
  return async (keys: string[]) => {
    const key = action.current!;
    try {
      const answer = await request('post', 'basketToCart', { keys }, undefined, { idempotencyKey: key.for(keys.join(',')) });
      key.done();
      return answer;
    } finally {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
    }
  };
};

/** 关注 / 取消关注 a seller or a part: through the outbox like the basket's writes. */
export const useFollowWrite = () => {
  const queryClient = useQueryClient();
  const user = useUser();
  return async <N extends 'followAdd' | 'followRemove'>(name: N, payload: PayloadIn<N>) => {
    if (!user) throw new Error('not signed in');
    try {
      return (await sendQueued(user.uuid, name, payload)).outcome;
    } finally {
      void queryClient.invalidateQueries({ queryKey: followKeys.all() });
    }
  };
};
