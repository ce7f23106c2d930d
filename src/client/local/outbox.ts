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
 */
import { liveQuery } from 'dexie';
import type { EndpointName } from '../../shared/contracts';
import { endpointIndex as endpoints } from '../../shared/contracts/endpoint-index.gen';
import { localDb, outboxRow, validRows, type LocalDb, type OutboxRow } from './db';

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
  (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].idempotent === true);

export const createOutbox = (db: LocalDb = localDb) => {
  const running = new Map<string, Promise<ReplayResult>>();

  const enqueue = async (user_uuid: string, name: EndpointName, payload: unknown): Promise<OutboxRow> => {
    if (!endpoints[name].idempotent) throw new Error(`${name} cannot be queued: it is not idempotent`);
    const row: OutboxRow = { user_uuid, name, payload, idempotencyKey: crypto.randomUUID(), createdAt: Date.now(), attempts: 0, state: 'pending' };
    const seq = await db.outbox.add(row);
    return { ...row, seq };
  };

  const inState = (user_uuid: string, state: OutboxRow['state']) => db.outbox.where('[user_uuid+state]').equals([user_uuid, state]);
  const pending = async (user_uuid: string) => validRows(outboxRow, await inState(user_uuid, 'pending').sortBy('seq'), 'outbox');
  const failed = async (user_uuid: string) => validRows(outboxRow, await inState(user_uuid, 'failed').sortBy('seq'), 'outbox');

  const replayOnce = async (user_uuid: string, send: Sender, classify: Classify): Promise<ReplayResult> => {
    let sent = 0;
    let after = 0;
    // the queue is read again after each entry: a write queued while this run is under way (it
    // waited behind the earlier ones, see cart-writes.ts) goes in this run, after them
    for (;;) {
      const entry = (await pending(user_uuid)).find((e) => e.seq! > after);
      if (!entry) break;
      after = entry.seq!;
      await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
      try {
        await send(entry.name as EndpointName, entry.payload, entry.idempotencyKey);
        await db.outbox.delete(entry.seq!);
        sent++;
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
    const started = (async () => {
      const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
      return locks ? locks.request('qph-outbox', () => replayOnce(user_uuid, send, classify)) : replayOnce(user_uuid, send, classify);
    })().finally(() => {
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
    /** puts a failed write back in the queue (in its old place) */
    retry: (seq: number) => db.outbox.update(seq, { state: 'pending', lastError: undefined }),
    discard: (seq: number) => db.outbox.delete(seq),
    /** live count of the user's writes waiting to be sent */
    pendingCount$: (user_uuid: string) => liveQuery(() => inState(user_uuid, 'pending').count()),
    /** live list of the user's writes the server refused */
    failed$: (user_uuid: string) => liveQuery(() => failed(user_uuid)),
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
    let result: ReplayResult;
    try {
      result = await box.replay(user_uuid, send, classify);
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
