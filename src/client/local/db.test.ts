import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { LocalDb } from './db';

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
    expect(db.verno).toBe(4);
    expect(await db.searchHistory.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('2 queued writes'), ['publishWanted', 'oeSearchHistory']);
    // the tables no page used are gone
    expect(db.tables.map((t) => t.name).sort()).toEqual(['outbox', 'searchHistory']);
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
