/**
 * The device's copy of the company's 常购清单 and of the user's 关注 (Dexie tables 'basket' and
 * 'follows', per user), so both pages open offline (docs/basket-follows.md). The server's list
 * replaces the copy whenever it is fetched; an edit made offline is written here at once and waits
 * in the outbox. The database (and Dexie) is loaded on first use.
 */
import { basketRow, followRow, validRows, type BasketRow, type FollowRow } from './rows';
import { dbOf, openLocalDb, type DbSource } from './live';

export type BasketItem = Omit<BasketRow, 'user_uuid' | 'order'>;
export type FollowItem = Omit<FollowRow, 'user_uuid'>;

export const createBasketStore = (source: DbSource = openLocalDb) => {
  const opened = dbOf(source);
  return {
    /** the server's list, newest first: replaces what the device kept */
    async saveBasket(user_uuid: string, items: readonly BasketItem[]) {
      const db = await opened();
      await db.transaction('rw', db.basket, async () => {
        await db.basket.where('user_uuid').equals(user_uuid).delete();
        await db.basket.bulkPut(items.map((item, n) => ({ ...item, user_uuid, order: n })));
      });
    },
    async readBasket(user_uuid: string): Promise<BasketItem[]> {
      const db = await opened();
      const rows = validRows(basketRow, await db.basket.where('user_uuid').equals(user_uuid).toArray(), 'basket');
      return rows.sort((a, b) => a.order - b.order).map(({ user_uuid: _u, order: _o, ...item }) => item);
    },
    /** an edit made on this device: a new line goes first, a changed one keeps its place */
    async putLine(user_uuid: string, item: BasketItem) {
      const db = await opened();
      await db.transaction('rw', db.basket, async () => {
        const had = await db.basket.get([user_uuid, item.key]);
        const first = await db.basket.where('user_uuid').equals(user_uuid).toArray();
        const order = had ? had.order : Math.min(0, ...first.map((r) => r.order)) - 1;
        await db.basket.put({ ...item, user_uuid, order });
      });
    },
    async removeLines(user_uuid: string, keys: readonly string[]) {
      const db = await opened();
      await db.basket.bulkDelete(keys.map((key) => [user_uuid, key] as [string, string]));
    },
    async saveFollows(user_uuid: string, items: readonly FollowItem[]) {
      const db = await opened();
      await db.transaction('rw', db.follows, async () => {
        await db.follows.where('user_uuid').equals(user_uuid).delete();
        await db.follows.bulkPut(items.map((item) => ({ ...item, user_uuid })));
      });
    },
    async readFollows(user_uuid: string): Promise<FollowItem[]> {
      const db = await opened();
      const rows = validRows(followRow, await db.follows.where('user_uuid').equals(user_uuid).toArray(), 'follows');
      return rows.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map(({ user_uuid: _u, ...item }) => item);
    },
  };
};

export const basketStore = createBasketStore();
