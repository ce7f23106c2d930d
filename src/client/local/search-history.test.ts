import { describe, expect, it } from 'vitest';
import { LocalDb } from './db';
import { createOutbox } from './outbox';
import { createSearchHistory } from './search-history';

const A = 'user-a';
const B = 'user-b';

let n = 0;
const setup = () => {
  const db = new LocalDb(`history-test-${n++}`);
  const box = createOutbox(db);
  return { db, box, history: createSearchHistory(db, box) };
};

describe('search history', () => {
  it('keeps each value once, newest first, and queues the write for the server', async () => {
    const { history, box } = setup();
    await history.add(A, '04465-33450', 'oe');
    await new Promise((r) => setTimeout(r, 1100));
    await history.add(A, '1K0698151A', 'oe');
    await new Promise((r) => setTimeout(r, 1100));
    await history.add(A, '04465-33450', 'oe');
    expect((await history.recent(A)).map((h) => h.search_value)).toEqual(['04465-33450', '1K0698151A']);
    const queued = await box.pending(A);
    expect(queued.map((q) => q.name)).toEqual(['oeSearchHistory', 'oeSearchHistory', 'oeSearchHistory']);
    expect(new Set(queued.map((q) => q.idempotencyKey)).size).toBe(3);
  });

  it("shows each user only their own searches, and queues them as that user's writes", async () => {
    const { history, box } = setup();
    await history.add(A, 'SECRET-OF-A', 'keyword');
    await history.add(B, '刹车片', 'keyword');
    await history.add(B, 'SECRET-OF-A', 'keyword');
    expect((await history.recent(A)).map((h) => h.search_value)).toEqual(['SECRET-OF-A']);
    expect((await history.recent(B)).map((h) => h.search_value).sort()).toEqual(['SECRET-OF-A', '刹车片']);
    expect((await box.pending(A)).map((q) => q.user_uuid)).toEqual([A]);
    expect((await box.pending(B)).map((q) => q.user_uuid)).toEqual([B, B]);
  });

  it("merges the server list into the user's own, keeping the newer entry of a value", async () => {
    const { history } = setup();
    await history.add(A, 'ABCDE12345', 'oe');
    const mine = (await history.recent(A))[0];
    await history.merge(A, [
      { search_value: 'ABCDE12345', search_type: 'oe', create_time: mine.create_time - 100 },
      { search_value: '刹车片', search_type: 'keyword', create_time: mine.create_time + 100 },
    ]);
    const all = await history.recent(A);
    expect(all.map((h) => h.search_value)).toEqual(['刹车片', 'ABCDE12345']);
    expect(all[1].create_time).toBe(mine.create_time);
    expect(await history.recent(B)).toEqual([]);
  });

  it('shows at most 10, and trimming one user does not touch another', async () => {
    const { history } = setup();
    await history.merge(B, [{ search_value: 'OLD-OF-B', search_type: 'oe', create_time: 1 }]);
    await history.merge(A, Array.from({ length: 60 }, (_, i) => ({ search_value: `CODE${i}0000`, search_type: 'oe' as const, create_time: 1000 + i })));
    const recent = await history.recent(A);
    expect(recent).toHaveLength(10);
    expect(recent[0].search_value).toBe('CODE590000');
    expect(await history.recent(A, 100)).toHaveLength(50);
    expect((await history.recent(B)).map((h) => h.search_value)).toEqual(['OLD-OF-B']);
  });

  it('keeps the 精确 / 模糊 mode of keyword-type searches only, and takes the server\'s when merging', async () => {
    const { history, box } = setup();
    await history.add(A, '刹车片', 'keyword', 'exact');
    await history.add(A, '0446533450', 'oe', 'exact');
    const mode = async () => Object.fromEntries((await history.recent(A)).map((h) => [h.search_value, h.search_mode]));
    expect(await mode()).toEqual({ 刹车片: 'exact', '0446533450': null });
    expect((await box.pending(A)).map((q) => q.payload)).toEqual([
      { search_value: '刹车片', search_type: 'keyword', search_mode: 'exact' }, { search_value: '0446533450', search_type: 'oe' },
    ]);
    await history.merge(A, [{ search_value: '刹车片', search_type: 'keyword', search_mode: 'fuzzy', create_time: Math.floor(Date.now() / 1000) + 50 }]);
    expect((await mode())['刹车片']).toBe('fuzzy');
  });

  it('keeps the kind of each search, sends it to the server, and takes the server\'s kind when merging', async () => {
    const { history, box, db } = setup();
    await history.add(A, '滤清器', 'circle');
    await history.add(A, '大灯', 'dismantle');
    await history.add(A, '广州', 'company');
    expect(Object.fromEntries((await history.recent(A)).map((h) => [h.search_value, h.search_type]))).toEqual({ 滤清器: 'circle', 大灯: 'dismantle', 广州: 'company' });
    expect((await box.pending(A)).map((q) => q.payload)).toEqual([
      { search_value: '滤清器', search_type: 'circle', search_mode: 'fuzzy' }, { search_value: '大灯', search_type: 'dismantle', search_mode: 'fuzzy' },
      { search_value: '广州', search_type: 'company' },
    ]);
    const now = Math.floor(Date.now() / 1000);
    await history.merge(A, [{ search_value: '机油滤', search_type: 'dismantle', create_time: now + 50 }]);
    expect((await history.recent(A))[0]).toMatchObject({ search_value: '机油滤', search_type: 'dismantle' });
    // a row of an unknown kind (a newer build's, or damaged) is dropped when read, never a crash
    await db.searchHistory.put({ user_uuid: A, search_value: 'x', search_type: 'vin' as never, create_time: now + 100 });
    expect((await history.recent(A)).map((h) => h.search_value)).not.toContain('x');
  });
});
