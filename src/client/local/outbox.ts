/**
 * The outbox: writes made while offline, kept in Dexie ('outbox') with the user who made them and
 * replayed strictly in order with the idempotency key they were given when queued, so a replay
 * after a dropped answer never does a thing twice.
 * - only the signed-in user's writes are replayed (under their token); another user's wait until
 *   that user signs in again
 * - trouble that may pass (network, 5xx, 429) stops the replay; the rest waits for the next try
 * - being signed out stops the replay and the sync until the next sign-in
 * - a definite refusal of the payload (4xx) marks the entry failed, with the server's message, and
 *   the queue moves on; failed entries stay until the user retries or discards them
 * - one replay at a time (in this tab, and across tabs through Web Locks when available)
 * The database (and Dexie) is loaded when the outbox is first used, not with the page.
 * So that a signed-in start need not load it only to find the queue empty, localStorage keeps per
 * user a mark "found empty" (`qph-outbox-empty:<database>:<user>`): set after a replay that left
 * neither pending nor failed writes, removed before any write is queued. Without the mark (never
 * looked, or something queued since, in any tab) the queue is read and replayed as before.
 * What keeps the mark honest:
 * - between tabs: the mark is set, and a write is queued (mark removed, row added), each under the
 *   Web Lock `qph-outbox-mark`, so a tab cannot count the queue in the gap between another tab
 *   removing the mark and adding its row (where Web Locks are missing, the count is taken again
 *   after setting the mark, which narrows that gap but cannot close it);
 * - across builds: the mark holds the build that set it and when; another build, or a mark older
 *   than MARK_TRUSTED_MS, is not trusted, so writes queued by a tab of an earlier build that knew
 *   no mark are replayed at the next start after an update, and any missed write within the hour.
 */
import type { EndpointName } from '../../shared/contracts';
import { endpointIndex as endpoints } from '../../shared/contracts/endpoint-index.gen';
import { outboxRow, validRows, type OutboxRow } from './rows';
import type { LocalDb } from './db';
import { dbOf, live, openLocalDb, toObserver, type DbSource, type Live } from './live';

export type Sender = (name: EndpointName, payload: unknown, idempotencyKey: string) => Promise<unknown>;
/**
 * What an error of a send means for the entry: `retry` (may pass: keep it, try later), `signedOut`
 * (keep it for the user's next sign-in) or `refused` (this payload will never be accepted).
 */
export type ReplayOutcome = 'retry' | 'signedOut' | 'refused';
export type Classify = (e: unknown) => ReplayOutcome;
export interface ReplayResult {
  sent: number;
  /** why the replay stopped before the end of the queue */
  stopped?: 'retry' | 'signedOut';
}

export const idempotentNames = (): EndpointName[] =>
  (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n]?.idempotent === true);

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** how long a "found empty" mark spares reading the queue */
export const MARK_TRUSTED_MS = 60 * 60_000;
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';
const markValue = (now: number) => `${BUILD}@${now}`;
/** true when `value` is a mark this build set less than MARK_TRUSTED_MS before `now` */
export const trustedMark = (value: string | null | undefined, now: number): boolean => {
  if (!value) return false;
  const at = value.lastIndexOf('@');
  if (at < 0 || value.slice(0, at) !== BUILD) return false;
  const age = now - Number(value.slice(at + 1));
  return age >= 0 && age < MARK_TRUSTED_MS;
};

/** runs `f` under the Web Lock `name` across the tabs of this origin (directly where there are none) */
const underLock = <T>(name: string, f: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request(name, f) as Promise<T>) : f();
};

const sentHere = new Set<(name: string) => void>();
/**
 * Calls `listener` with the call name of each queued write a replay in this tab has sent (the
 * signed-in session fetches the cart again after cart writes: the page that shows the cart's
 * count may have been drawn after the replay, too late to see its queue shrink).
 */
export const onReplayed = (listener: (name: string) => void) => {
  sentHere.add(listener);
  return () => void sentHere.delete(listener);
};

/** Writes of this tab that were queued: the live views waiting behind an "empty" mark open. */
const queuedHere = new Set<(key: string) => void>();
const MARK_LOCK = 'qph-outbox-mark';

export const createOutbox = (source: DbSource = openLocalDb, dbName = typeof source === 'function' ? 'qipeihub' : source.name) => {
  const opened = dbOf(source);
  const running = new Map<string, Promise<ReplayResult>>();
  const markKey = (user_uuid: string) => `qph-outbox-empty:${dbName}:${user_uuid}`;
  /** false only when the queue was found empty and nothing was queued since */
  const mayHold = (user_uuid: string) => !trustedMark(storage()?.getItem(markKey(user_uuid)), Date.now());
  /** calls `open` when a write of the user is queued (in this tab or another) */
  const whenQueued = (user_uuid: string, open: () => void) => {
    const key = markKey(user_uuid);
    const here = (k: string) => { if (k === key) open(); };
    const there = (e: StorageEvent) => { if (e.key === key && !trustedMark(e.newValue, Date.now())) open(); };
    queuedHere.add(here);
    window.addEventListener('storage', there);
    return () => {
      queuedHere.delete(here);
      window.removeEventListener('storage', there);
    };
  };
  /** a live view of the user's queue; while it is marked empty, `empty` without loading the database */
  const gated = <T>(user_uuid: string, empty: T, make: () => Live<T>): Live<T> => ({
    subscribe(given) {
      const observer = toObserver(given);
      if (mayHold(user_uuid)) return make().subscribe(observer);
      observer.next?.(empty);
      let inner: { unsubscribe(): void } | undefined;
      const stop = whenQueued(user_uuid, () => {
        stop();
        inner ??= make().subscribe(observer);
      });
      return { unsubscribe() { stop(); inner?.unsubscribe(); } };
    },
  });

  const enqueue = async (user_uuid: string, name: EndpointName, payload: unknown): Promise<OutboxRow> => {
    if (!endpoints[name]?.idempotent) throw new Error(`${name} cannot be queued: it is not idempotent`);
    const row: OutboxRow = { user_uuid, name, payload, idempotencyKey: crypto.randomUUID(), createdAt: Date.now(), attempts: 0, state: 'pending' };
    // the mark goes first: a start-up that reads it after this never takes the queue for empty;
    // again under the lock, with the row added before the lock is let go (see the head comment)
    storage()?.removeItem(markKey(user_uuid));
    for (const f of queuedHere) f(markKey(user_uuid));
    const seq = await underLock(MARK_LOCK, async () => {
      storage()?.removeItem(markKey(user_uuid));
      return (await opened()).outbox.add(row);
    });
    return { ...row, seq };
  };

  const inState = (db: LocalDb, user_uuid: string, state: OutboxRow['state']) => db.outbox.where('[user_uuid+state]').equals([user_uuid, state]);
  const rowsIn = async (db: LocalDb, user_uuid: string, state: OutboxRow['state']) => validRows(outboxRow, await inState(db, user_uuid, state).sortBy('seq'), 'outbox');
  const pending = async (user_uuid: string) => rowsIn(await opened(), user_uuid, 'pending');
  const failed = async (user_uuid: string) => rowsIn(await opened(), user_uuid, 'failed');

  /** Marks the user's queue empty when it holds neither pending nor failed writes. */
  const markIfEmpty = async (user_uuid: string) => {
    const db = await opened();
    const count = async () => (await inState(db, user_uuid, 'pending').count()) + (await inState(db, user_uuid, 'failed').count());
    await underLock(MARK_LOCK, async () => {
      if ((await count()) > 0) return;
      storage()?.setItem(markKey(user_uuid), markValue(Date.now()));
      // without Web Locks: a write queued by another tab between the count and the mark takes it back
      if ((await count()) > 0) storage()?.removeItem(markKey(user_uuid));
    });
  };

  const replayOnce = async (user_uuid: string, send: Sender, classify: Classify): Promise<ReplayResult> => {
    let sent = 0;
    let after = 0;
    // the queue is read again after each entry: a write queued while this run is under way (it
    // waited behind the earlier ones, see features/cart/mutations.ts) goes in this run, after them
    for (;;) {
      const entry = (await pending(user_uuid)).find((e) => e.seq! > after);
      if (!entry) break;
      after = entry.seq!;
      const db = await opened();
      await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
      try {
        await send(entry.name as EndpointName, entry.payload, entry.idempotencyKey);
        await db.outbox.delete(entry.seq!);
        sent++;
        for (const listener of sentHere) listener(entry.name);
      } catch (e) {
        const outcome = classify(e);
        if (outcome !== 'refused') return { sent, stopped: outcome };
        await db.outbox.update(entry.seq!, { state: 'failed', lastError: e instanceof Error ? e.message : String(e) });
      }
    }
    return { sent };
  };

  /** Replays the user's pending writes; concurrent calls share the one running replay. */
  const replay = (user_uuid: string, send: Sender, classify: Classify): Promise<ReplayResult> => {
    const current = running.get(user_uuid);
    if (current) return current;
    const started = underLock('qph-outbox', () => replayOnce(user_uuid, send, classify)).finally(() => {
      running.delete(user_uuid);
    });
    running.set(user_uuid, started);
    return started;
  };

  return {
    enqueue,
    replay,
    pending,
    failed,
    mayHold,
    markIfEmpty,
    whenQueued,
    /** puts a failed write back in the queue (in its old place) */
    retry: async (seq: number) => (await opened()).outbox.update(seq, { state: 'pending', lastError: undefined }),
    discard: async (seq: number) => (await opened()).outbox.delete(seq),
    /** live count of the user's writes waiting to be sent */
    pendingCount$: (user_uuid: string) => gated(user_uuid, 0, () => live(opened, (db) => inState(db, user_uuid, 'pending').count())),
    /** live list of the user's writes the server refused */
    failed$: (user_uuid: string) => gated<OutboxRow[]>(user_uuid, [], () => live(opened, (db) => rowsIn(db, user_uuid, 'failed'))),
    /** live lists of the user's pending and refused writes */
    rows$: (user_uuid: string) => gated<{ pending: OutboxRow[]; failed: OutboxRow[] }>(user_uuid, { pending: [], failed: [] },
      () => live(opened, async (db) => ({ pending: await rowsIn(db, user_uuid, 'pending'), failed: await rowsIn(db, user_uuid, 'failed') }))),
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
export const outbox = createOutbox();

let flushNow: () => void = () => undefined;

/** Replays now (after a write was queued), when sync has been started for a signed-in user. */
export const flushOutbox = () => flushNow();

const FIRST_RETRY = 15_000;
const IDLE_CHECK = 60_000;
const MAX_RETRY = 10 * 60_000;

/**
 * Replays the user's writes at start, when the network returns, when one is queued and every
 * minute; after trouble that may pass, again with a doubling delay (15 s up to 10 min). Signed
 * out, it stops: signing in reloads the page, which starts it again for whoever signed in.
 */
export const startOutboxSync = (user_uuid: string, send: Sender, classify: Classify, box: Outbox = outbox) => {
  let retryDelay = FIRST_RETRY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const run = async () => {
    clearTimeout(timer);
    // found empty and nothing queued since: no need to load the database to look again
    if (!box.mayHold(user_uuid)) {
      timer = setTimeout(run, IDLE_CHECK);
      return;
    }
    let result: ReplayResult;
    try {
      result = await box.replay(user_uuid, send, classify);
      if (!result.stopped) await box.markIfEmpty(user_uuid);
    } catch (e) {
      console.warn('qipeihub: the outbox replay failed', e);
      result = { sent: 0, stopped: 'retry' };
    }
    if (stopped) return;
    clearTimeout(timer);
    if (result.stopped === 'signedOut') {
      stop();
    } else if (result.stopped === 'retry') {
      timer = setTimeout(run, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY);
    } else {
      retryDelay = FIRST_RETRY;
      timer = setTimeout(run, IDLE_CHECK);
    }
  };
  const onOnline = () => void run();
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    if (flushNow === onOnline) flushNow = () => undefined;
  };
  window.addEventListener('online', onOnline);
  flushNow = onOnline;
  void run();
  return stop;
};
