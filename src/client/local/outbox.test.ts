import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDb } from './db';
import { createOutbox, MARK_TRUSTED_MS, startOutboxSync, trustedMark, type Classify, type Outbox, type ReplayResult, type Sender } from './outbox';

class NetworkDown extends Error {}
class SignedOut extends Error {}
class Busy extends Error {}
/** stands in for the request helper's errors (see api/replay-outcome.ts for the real rules) */
const classify: Classify = (e) => (e instanceof NetworkDown || e instanceof Busy ? 'retry' : e instanceof SignedOut ? 'signedOut' : 'refused');

const A = 'user-a';
const B = 'user-b';
const valueOf = (payload: unknown) => (payload as { search_value: string }).search_value;

let db: LocalDb;
let box: ReturnType<typeof createOutbox>;
let n = 0;

beforeEach(async () => {
  db = new LocalDb(`outbox-test-${n++}`);
  box = createOutbox(db);
});

describe('outbox', () => {
  it('refuses calls that are not idempotent', async () => {
    await expect(box.enqueue(A, 'userLogout', {})).rejects.toThrow(/not idempotent/);
  });

  it('replays in order and empties the queue', async () => {
    for (const v of ['A1111', 'B2222', 'C3333']) await box.enqueue(A, 'oeSearchHistory', { search_value: v });
    const seen: string[] = [];
    const result = await box.replay(A, async (_name, payload) => { seen.push(valueOf(payload)); }, classify);
    expect(result).toEqual({ sent: 3 });
    expect(seen).toEqual(['A1111', 'B2222', 'C3333']);
    expect(await box.pending(A)).toEqual([]);
  });

  it('sends in the same run, after the others, a write queued while the replay is under way', async () => {
    for (const v of ['A1111', 'B2222']) await box.enqueue(A, 'oeSearchHistory', { search_value: v });
    const seen: string[] = [];
    const result = await box.replay(A, async (_name, payload) => {
      seen.push(valueOf(payload));
      if (seen.length === 1) await box.enqueue(A, 'oeSearchHistory', { search_value: 'C3333' });
    }, classify);
    expect(result).toEqual({ sent: 3 });
    expect(seen).toEqual(['A1111', 'B2222', 'C3333']);
  });

  it('stops at a network failure and resumes later with the same keys, without duplicates', async () => {
    for (const v of ['A1111', 'B2222', 'C3333']) await box.enqueue(A, 'oeSearchHistory', { search_value: v });
    const server = new Map<string, string>();
    let down = true;
    const send: Sender = async (_name, payload, key) => {
      if (valueOf(payload) === 'B2222' && down) throw new NetworkDown();
      server.set(key, valueOf(payload));
    };
    expect(await box.replay(A, send, classify)).toEqual({ sent: 1, stopped: 'retry' });
    const waiting = await box.pending(A);
    expect(waiting.map((p) => valueOf(p.payload))).toEqual(['B2222', 'C3333']);
    const keyOfB = waiting[0].idempotencyKey;
    down = false;
    expect(await box.replay(A, send, classify)).toEqual({ sent: 2 });
    expect([...server.values()]).toEqual(['A1111', 'B2222', 'C3333']);
    expect(server.get(keyOfB)).toBe('B2222');
    expect(server.size).toBe(3);
  });

  it('keeps the entry pending and stops when the server is busy or the user is signed out', async () => {
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'FIRST' });
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'SECOND' });
    const sent: string[] = [];
    let error: Error | null = new Busy('服务器错误，请稍后再试');
    const send: Sender = async (_n, p) => {
      if (error) throw error;
      sent.push(valueOf(p));
    };
    expect(await box.replay(A, send, classify)).toEqual({ sent: 0, stopped: 'retry' });
    error = new SignedOut('您的账号因长时间未操作或已在其他设备登录，已被登出');
    expect(await box.replay(A, send, classify)).toEqual({ sent: 0, stopped: 'signedOut' });
    expect(await box.failed(A)).toEqual([]);
    expect((await box.pending(A)).map((p) => valueOf(p.payload))).toEqual(['FIRST', 'SECOND']);
    error = null;
    expect(await box.replay(A, send, classify)).toEqual({ sent: 2 });
    expect(sent).toEqual(['FIRST', 'SECOND']);
  });

  it('a refused entry is marked failed with the server message and does not block the next', async () => {
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'BAD' });
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'GOOD1' });
    const sent: string[] = [];
    await box.replay(A, async (_n, p) => {
      if (valueOf(p) === 'BAD') throw new Error('同一个 Idempotency-Key 已用于不同的请求内容');
      sent.push(valueOf(p));
    }, classify);
    expect(sent).toEqual(['GOOD1']);
    const failed = await box.failed(A);
    expect(failed).toHaveLength(1);
    expect(failed[0].lastError).toContain('Idempotency-Key');
    expect(await box.pending(A)).toEqual([]);
  });

  it('a failed entry can be retried (same key) or discarded', async () => {
    const bad = await box.enqueue(A, 'oeSearchHistory', { search_value: 'BAD' });
    const other = await box.enqueue(A, 'oeSearchHistory', { search_value: 'OTHER' });
    await box.replay(A, async () => { throw new Error('参数有误'); }, classify);
    expect(await box.failed(A)).toHaveLength(2);
    await box.retry(bad.seq!);
    const keys: string[] = [];
    expect(await box.replay(A, async (_n, _p, key) => { keys.push(key); }, classify)).toEqual({ sent: 1 });
    expect(keys).toEqual([bad.idempotencyKey]);
    await box.discard(other.seq!);
    expect(await box.failed(A)).toEqual([]);
  });

  it("replays only the signed-in user's writes and keeps another user's for their next sign-in", async () => {
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'OF-A' });
    await box.enqueue(B, 'oeSearchHistory', { search_value: 'OF-B' });
    const seen: string[] = [];
    const send: Sender = async (_n, p) => { seen.push(valueOf(p)); };
    expect(await box.replay(B, send, classify)).toEqual({ sent: 1 });
    expect(seen).toEqual(['OF-B']);
    expect((await box.pending(A)).map((p) => valueOf(p.payload))).toEqual(['OF-A']);
    expect(await box.pending(B)).toEqual([]);
    await box.replay(A, send, classify);
    expect(seen).toEqual(['OF-B', 'OF-A']);
  });

  it('concurrent replays send each entry once', async () => {
    for (const v of ['A1111', 'B2222']) await box.enqueue(A, 'oeSearchHistory', { search_value: v });
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
    };
    await Promise.all([box.replay(A, send, classify), box.replay(A, send, classify), box.replay(A, send, classify)]);
    expect(calls).toBe(2);
  });

  it('drops an unreadable row with a warning instead of crashing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await db.outbox.add({ user_uuid: A, name: 42, state: 'pending' } as never);
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'OK123' });
    const seen: string[] = [];
    await box.replay(A, async (_n, p) => { seen.push(valueOf(p)); }, classify);
    expect(seen).toEqual(['OK123']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('outbox sync', () => {
  afterEach(() => vi.useRealTimers());

  it('backs off while the server is in trouble and stops when the user is signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const results: ReplayResult[] = [{ sent: 0, stopped: 'retry' }, { sent: 0, stopped: 'retry' }, { sent: 0, stopped: 'retry' }, { sent: 0, stopped: 'signedOut' }];
    const replay = vi.fn(async (user: string) => {
      expect(user).toBe(A);
      return results.shift() ?? { sent: 0 };
    });
    const stop = startOutboxSync(A, async () => undefined, classify, { replay, mayHold: () => true, markIfEmpty: async () => undefined } as unknown as Outbox);
    await vi.advanceTimersByTimeAsync(0);
    expect(replay).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(replay).toHaveBeenCalledTimes(2);
    // the next delay is doubled
    await vi.advanceTimersByTimeAsync(15_000);
    expect(replay).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(replay).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(replay).toHaveBeenCalledTimes(4);
    // signed out: neither the timer nor the network coming back replays until the next sign-in
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(replay).toHaveBeenCalledTimes(4);
    stop();
  });

  it('marks a queue found empty, then neither reads the database at start nor replays until a write is queued', async () => {
    const sent: string[] = [];
    const send: Sender = async (_n, p) => { sent.push(valueOf(p)); };
    expect(box.mayHold(A)).toBe(true);
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'A1111' });
    let stop = startOutboxSync(A, send, classify, box);
    await vi.waitFor(() => expect(box.mayHold(A)).toBe(false));
    expect(sent).toEqual(['A1111']);
    stop();
    // marked empty: the live count answers 0 without opening the database and follows a new write
    const counts: number[] = [];
    const sub = box.pendingCount$(A).subscribe((n) => counts.push(n));
    expect(counts).toEqual([0]);
    const replay = vi.spyOn(box, 'replay');
    stop = startOutboxSync(A, send, classify, box);
    await new Promise((r) => setTimeout(r, 20));
    expect(replay).not.toHaveBeenCalled();
    // another user's mark is their own
    expect(box.mayHold(B)).toBe(true);
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'B2222' });
    expect(box.mayHold(A)).toBe(true);
    await vi.waitFor(() => expect(counts).toContain(1));
    stop();
    sub.unsubscribe();
  });

  it('keeps no empty mark while a refused write waits for the user', async () => {
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'BAD' });
    const stop = startOutboxSync(A, async () => { throw new Error('refused'); }, classify, box);
    await vi.waitFor(async () => expect(await box.failed(A)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(box.mayHold(A)).toBe(true);
    stop();
  });

  it('does not mark the queue empty while another tab is queueing a write (Web Locks)', async () => {
    // one process as two tabs: the same database and localStorage, Web Locks shared through a queue per name
    const tails = new Map<string, Promise<unknown>>();
    const locks = { request: (name: string, f: () => Promise<unknown>) => {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => f());
      tails.set(name, run.catch(() => undefined));
      return run;
    } };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const name = `outbox-test-${n++}`;
      const shared = new LocalDb(name);
      const tabA = createOutbox(shared, name);
      let loaded!: () => void;
      const chunk = new Promise<void>((r) => { loaded = r; });
      // tab B's database chunk is still loading when it queues its write
      const tabB = createOutbox(() => chunk.then(() => shared), name);
      const queued = tabB.enqueue(A, 'oeSearchHistory', { search_value: 'FROM-B' });
      const marking = tabA.markIfEmpty(A);
      await new Promise((r) => setTimeout(r, 20));
      loaded();
      await Promise.all([queued, marking]);
      expect((await tabA.pending(A)).map((p) => valueOf(p.payload))).toEqual(['FROM-B']);
      expect(tabA.mayHold(A)).toBe(true);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('trusts only a mark of this build set within the hour', () => {
    const now = Date.now();
    const build = import.meta.env.VITE_BUILD_ID ?? 'dev';
    expect(trustedMark(`${build}@${now - 1000}`, now)).toBe(true);
    expect(trustedMark(`${build}@${now - MARK_TRUSTED_MS}`, now)).toBe(false);
    expect(trustedMark(`${build}@${now + 60_000}`, now)).toBe(false);
    // an earlier build's mark, and the bare '1' of the first marked builds
    expect(trustedMark(`0.0.0-old@${now}`, now)).toBe(false);
    expect(trustedMark('1', now)).toBe(false);
    expect(trustedMark(null, now)).toBe(false);
  });

  it('reads the queue again when the mark is from another build', async () => {
    localStorage.setItem(`qph-outbox-empty:${db.name}:${A}`, `0.0.0-old@${Date.now()}`);
    expect(box.mayHold(A)).toBe(true);
    await box.markIfEmpty(A);
    expect(box.mayHold(A)).toBe(false);
  });
});
