import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { LocalDb } from './db';
import { createBasketStore } from './basket-store';

/** The browser database as version 1 of the app left it: rows without an owner. */
const openVersion1 = async (name: string) => {
  const old = new Dexie(name);
  old.version(1).stores({
    searchHistory: 'search_value, create_time',
    follows: '++id, user_uuid, &[user_uuid+company_id]',
    basket: 'key, user_uuid',
    chatHistory: 'client_msg_id, [conversation+sentTime]',
    outbox: '++seq, state',
  });
  await old.open();
  return old;
};

describe('upgrading the browser database to rows with an owner', () => {
  it('drops old search history and unowned queued writes (with a warning), keeps the rest', async () => {
    const old = await openVersion1('upgrade-test');
    await old.table('searchHistory').bulkAdd([
      { search_value: 'SECRET-OF-A', search_type: 'oe', create_time: 1000 },
      { search_value: '刹车片', search_type: 'keyword', create_time: 1001 },
    ]);
    await old.table('outbox').bulkAdd([
      { name: 'publishWanted', payload: {}, idempotencyKey: 'k1', createdAt: 1, attempts: 0, state: 'pending' },
      { name: 'oeSearchHistory', payload: {}, idempotencyKey: 'k2', createdAt: 2, attempts: 1, state: 'failed', lastError: '参数有误' },
    ]);
    await old.table('follows').add({ user_uuid: 'user-a', company_id: 7, created: 1 });
    old.close();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = new LocalDb('upgrade-test');
    await db.open();
    expect(db.verno).toBe(6);
    expect(await db.searchHistory.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('2 queued writes'), ['publishWanted', 'oeSearchHistory']);
    // the unused tables of version 1 are gone; 常购清单 and 关注 are back, empty, keyed by user; the stocktake's tables are new
    expect(db.tables.map((t) => t.name).sort()).toEqual(['basket', 'follows', 'outbox', 'searchHistory', 'stocktakeCatalogs', 'stocktakeCounts']);
    expect(await db.follows.count()).toBe(0);
    warn.mockRestore();

    // and the new tables work
    await db.searchHistory.put({ user_uuid: 'user-a', search_value: 'X', search_type: 'oe', create_time: 1 });
    await db.searchHistory.put({ user_uuid: 'user-b', search_value: 'X', search_type: 'oe', create_time: 2 });
    expect(await db.searchHistory.count()).toBe(2);
    db.close();
  });

  it('keeps the queued writes of a database already on the new schema', async () => {
    const db = new LocalDb('upgrade-test-2');
    await db.outbox.add({ user_uuid: 'user-a', name: 'oeSearchHistory', payload: {}, idempotencyKey: 'k', createdAt: 1, attempts: 0, state: 'pending' });
    db.close();
    const again = new LocalDb('upgrade-test-2');
    expect(await again.outbox.count()).toBe(1);
    again.close();
  });
});

describe('version 5: 常购清单 and 关注 on the device', () => {
  const line = (key: string, qty = 1) => ({ key, oe: `OE-${key}`, oeNorm: `OE${key}`, name: '刹车片', quality: '', brand: '', qty, note: '', createdBy: '张三', updatedAt: 1 });

  it('upgrades a version 4 database keeping its queued writes and search history', async () => {
    const old = new Dexie('upgrade-test-4');
    old.version(4).stores({ searchHistory: '[user_uuid+search_value], [user_uuid+create_time]', outbox: '++seq, [user_uuid+state]' });
    await old.open();
    await old.table('outbox').add({ user_uuid: 'user-a', name: 'cartAdd', payload: {}, idempotencyKey: 'k', createdAt: 1, attempts: 0, state: 'pending' });
    await old.table('searchHistory').put({ user_uuid: 'user-a', search_value: 'X', search_type: 'oe', create_time: 1 });
    old.close();
    const db = new LocalDb('upgrade-test-4');
    await db.open();
    expect(db.verno).toBe(6);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.searchHistory.count()).toBe(1);
    db.close();
  });

  it('keeps each user\'s basket and follows apart; the server\'s list replaces the copy, a local edit goes first', async () => {
    const db = new LocalDb('basket-store-test');
    const store = createBasketStore(db);
    await store.saveBasket('user-a', [line('aaaaaaaa'), line('bbbbbbbb')]);
    await store.saveBasket('user-b', [line('cccccccc')]);
    await store.putLine('user-a', line('dddddddd', 5));
    await store.putLine('user-a', line('bbbbbbbb', 7));
    expect((await store.readBasket('user-a')).map((l) => [l.key, l.qty])).toEqual([['dddddddd', 5], ['aaaaaaaa', 1], ['bbbbbbbb', 7]]);
    await store.removeLines('user-a', ['aaaaaaaa']);
    expect((await store.readBasket('user-a')).map((l) => l.key)).toEqual(['dddddddd', 'bbbbbbbb']);
    await store.saveBasket('user-a', [line('eeeeeeee')]);
    expect((await store.readBasket('user-a')).map((l) => l.key)).toEqual(['eeeeeeee']);
    expect((await store.readBasket('user-b')).map((l) => l.key)).toEqual(['cccccccc']);

    await store.saveFollows('user-a', [{ id: 1, kind: 'seller', sellerId: 2, sellerName: '卖家', oe: '', oeNorm: '', name: '', lowPrice: null, inStock: false, createdAt: 5 }]);
    expect(await store.readFollows('user-a')).toHaveLength(1);
    expect(await store.readFollows('user-b')).toEqual([]);
    // a bad row is dropped with a warning, never a crash
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await db.basket.put({ user_uuid: 'user-a', key: 'broken00' } as never);
    expect((await store.readBasket('user-a')).map((l) => l.key)).toEqual(['eeeeeeee']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    db.close();
  });
});
