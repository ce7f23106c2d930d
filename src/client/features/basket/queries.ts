import { queryOptions } from '@tanstack/react-query';
import { isOfflineFailure, request } from '../../api/request';
import { basketStore, type BasketItem, type FollowItem } from '../../local/basket-store';
import { outbox } from '../../local/outbox';

/** the basket's writes, which the outbox may hold while the device is offline */
export const BASKET_WRITES: readonly string[] = ['basketAdd', 'basketUpdate', 'basketRemove'];

/** Query keys of 常购清单 and 关注: one list each per user (the device keeps a copy per user). */
export const basketKeys = {
  all: () => ['basket'] as const,
  list: (userUuid: string) => ['basket', 'list', userUuid] as const,
};
export const followKeys = {
  all: () => ['follows'] as const,
  list: (userUuid: string) => ['follows', 'list', userUuid] as const,
};

/** A list and whether it is the device's copy (the network failed: the page says 离线). */
export interface Local<T> { items: T[]; offline: boolean }

/** the spec's basket page size (contracts/basket.ts BASKET_PAGE_SIZE), kept here so a page need not load the contract */
const BASKET_PAGE_SIZE = 1000;

/** the server's pages of 1000, all of them: the company's list is at most two */
const fetchBasket = async (signal: AbortSignal): Promise<BasketItem[]> => {
  const items: BasketItem[] = [];
  for (let page = 1; ; page++) {
    const r = await request('get', 'basketList', { page_number: page, page_size: BASKET_PAGE_SIZE }, undefined, { signal });
    items.push(...r.data.map(({ id: _id, type_code: _t, ...line }) => line));
    if (items.length >= r.total || r.data.length < BASKET_PAGE_SIZE) return items;
  }
};

/**
 * The company's 常购清单: from the server, kept on the device; when the network fails, the
 * device's copy (with the edits made offline since).
 */
export const basketListQuery = (userUuid: string) =>
  queryOptions({
    queryKey: basketKeys.list(userUuid),
    queryFn: async ({ signal }): Promise<Local<BasketItem>> => {
      try {
        const items = await fetchBasket(signal);
        // edits made offline and not sent yet live only in the device's copy: it stays as it is
        // until the outbox has sent them (the list is fetched again then)
        if ((await outbox.pending(userUuid)).some((e) => BASKET_WRITES.includes(e.name))) {
          return { items: await basketStore.readBasket(userUuid), offline: false };
        }
        await basketStore.saveBasket(userUuid, items);
        return { items, offline: false };
      } catch (e) {
        if (!isOfflineFailure(e)) throw e;
        return { items: await basketStore.readBasket(userUuid), offline: true };
      }
    },
    staleTime: 15_000,
  });

/** The user's 关注, kept on the device the same way. */
export const followListQuery = (userUuid: string) =>
  queryOptions({
    queryKey: followKeys.list(userUuid),
    queryFn: async ({ signal }): Promise<Local<FollowItem>> => {
      try {
        const items = (await request('get', 'followList', {}, undefined, { signal })).data;
        await basketStore.saveFollows(userUuid, items);
        return { items, offline: false };
      } catch (e) {
        if (!isOfflineFailure(e)) throw e;
        return { items: await basketStore.readFollows(userUuid), offline: true };
      }
    },
    staleTime: 15_000,
  });
