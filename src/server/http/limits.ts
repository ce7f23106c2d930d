/**
 * Request budgets (one account flooding heavy searches stalled everyone):
 * - a token bucket per signed-in user and one per client address: each request takes a token;
 *   an empty bucket answers 429 请求过于频繁 with Retry-After. The defaults are far above what a
 *   person (or the test suites) sends; RATE_LIMIT_USER / RATE_LIMIT_ADDRESS tune them. The buckets
 *   live in the bus (bus/bus.ts): this process's memory, or Redis shared by every process.
 * - heavy calls also have a budget of their own per user (HEAVY_RATE, 5 a second, 10 at once): the
 *   cap below bounds how many run together, but one user keeping a process's thread busy answering
 *   800-row pages back to back still delayed everyone else's calls on that process (measured: a
 *   light call's p95 7.6 → 31 ms with one heavy call at a time). Refused past it with 429 after a
 *   hold of HOLD_REPEATED_MS, so a flooder's next attempt waits too.
 * - heavy calls (searches and long lists, `heavy: true` on the endpoint) run at most
 *   HEAVY_AT_ONCE per user at a time; more wait their turn in that user's own queue (so one
 *   user's flood queues behind itself, not in front of everyone), and past HEAVY_QUEUE waiting
 *   the answer is 429. Another user's request never waits on this user's queue. With REDIS_URL
 *   the HEAVY_AT_ONCE slots are shared by every process (bus.acquire): behind a proxy spreading one
 *   user's calls over N processes, that user still runs HEAVY_AT_ONCE heavy calls in all, not
 *   N × HEAVY_AT_ONCE (measured with two processes on PostgreSQL: a flooder running four at once
 *   took both cores and another user's light call went from 7.7 to 144 ms at p95). A call admitted
 *   by its own process but finding the shared slots taken asks again every SLOT_POLL_MS (a slot
 *   freed by another process is not announced), and after SLOT_WAIT_MS is refused with 429.
 */
import { AppError } from './errors';
import { ResultCode } from '../../shared/contracts';

export const limitText = {
  tooFast: '请求过于频繁，请稍后再试',
  tooManyHeavy: '您同时进行的查询太多，请等前面的查询完成后再试',
};

export interface RateConfig { perSecond: number; burst: number }

export const DEFAULT_LIMITS: {
  user: RateConfig; address: RateConfig; heavyAtOnce: number; heavyQueue: number;
  /** heavy calls a user may start, per second and in a burst; unset: no such budget (the test suites) */
  heavyRate?: RateConfig;
  /** signed open-platform calls per API key (docs/open-platform.md, "Keys and signing"); unset: mount.ts DEFAULT_OPEN_RATE */
  open?: RateConfig;
} = {
  user: { perSecond: 30, burst: 200 },
  address: { perSecond: 100, burst: 600 },
  heavyAtOnce: 1,
  heavyQueue: 8,
  // a person searching, paging and sorting starts one or two a second; a page of reports opens a few at once
  heavyRate: { perSecond: 5, burst: 10 },
};

export const createBuckets = (cfg: RateConfig, now: () => number = Date.now) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes `cost` tokens (1 unless said; never more than the burst) for `key`; the seconds to wait when there are not enough. */
    take(key: string, cost = 1): number {
      const need = Math.min(cost, cfg.burst);
      const t = now();
      const b = buckets.get(key) ?? { tokens: cfg.burst, at: t };
      b.tokens = Math.min(cfg.burst, b.tokens + ((t - b.at) / 1000) * cfg.perSecond);
      b.at = t;
      if (b.tokens < need) {
        buckets.set(key, b);
        return Math.max(1, Math.ceil((need - b.tokens) / cfg.perSecond));
      }
      b.tokens -= need;
      buckets.set(key, b);
      // full buckets hold nothing worth keeping
      if (buckets.size > 50_000) for (const [k, v] of buckets) if (v.tokens >= cfg.burst) buckets.delete(k);
      return 0;
    },
  };
};

/**
 * What a heavy call costs of its user's HEAVY_RATE budget: one token per started 100 rows the call
 * asks for (`page_size`), at least one. A page of 50 or 100 rows costs what a call cost before; an
 * 800-row page costs 8, so at the default budget a user gets one 800-row page about every 1.6 s
 * (reading 800 rows takes a person longer than that) instead of five a second: counting calls let
 * one user keep both cores busy with the largest pages (the light call under a flood on
 * PostgreSQL). Priced by rows the way GraphQL APIs price a query by the nodes it may return.
 */
export const HEAVY_ROWS_PER_TOKEN = 100;
export const heavyCost = (payload: unknown): number => {
  const size = typeof payload === 'object' && payload !== null ? (payload as { page_size?: unknown }).page_size : undefined;
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? Math.ceil(size / HEAVY_ROWS_PER_TOKEN) : 1;
};

/**
 * What a file route's streamed rows cost of the same HEAVY_RATE budget (http/file-route.ts): one
 * token per started 1,000 rows, taken page by page as the rows are read. An export reads its rows
 * in id order by the primary key, with none of a search's ranking or sorting, so a row costs a
 * tenth of a search row; at the default budget one user's export runs at up to 5,000 rows a
 * second, on top of which HEAVY_AT_ONCE keeps it to one heavy thing at a time.
 */
export const EXPORT_ROWS_PER_TOKEN = 1000;
export const exportCost = (rows: number) => Math.max(1, Math.ceil(rows / EXPORT_ROWS_PER_TOKEN));

export const tooFast = (seconds: number, holdMs?: number) =>
  new AppError(ResultCode.tooManyRequests, 429, limitText.tooFast, { headers: { 'Retry-After': String(seconds) }, holdMs });

/** The request's client went away before its work began: nothing ran, nobody reads an answer. */
export class ClientGone extends Error {
  constructor() {
    super('the client went away');
  }
}

/**
 * A repeated refusal (the token came back while its queue was still full, against Retry-After) is
 * answered after HOLD_REPEATED_MS: waiting costs the server a timer, while answering at once let a
 * flooding client send a thousand requests a second, each one read, refused and written on the
 * thread every other user's calls need (the light call under a flood).
 */
export const HOLD_REPEATED_MS = 1000;
const tooManyHeavy = (holdMs?: number) => new AppError(ResultCode.tooManyRequests, 429, limitText.tooManyHeavy, { headers: { 'Retry-After': '1' }, holdMs });

/** how often a call admitted here asks again for a slot held elsewhere; how long before it gives up */
export const SLOT_POLL_MS = 10;
export const SLOT_WAIT_MS = 10_000;

/** A slot shared by the processes (bus.acquire bound to the heavy scope): its release, or null when all are taken. */
export type SharedSlot = (key: string) => Promise<(() => void) | null>;

const sharedSlot = async (acquire: SharedSlot, key: string) => {
  const until = Date.now() + SLOT_WAIT_MS;
  for (;;) {
    const release = await acquire(key);
    if (release) return release;
    if (Date.now() >= until) throw tooManyHeavy();
    await new Promise((r) => setTimeout(r, SLOT_POLL_MS));
  }
};

/** Per-key semaphores: at most `atOnce` running per key, at most `queue` waiting. */
export const createHeavyGate = (atOnce: number, queue: number, shared?: SharedSlot) => {
  const state = new Map<string, { running: number; waiting: Array<() => void> }>();
  const full = (key: string) => {
    const s = state.get(key);
    return s !== undefined && s.running >= atOnce && s.waiting.length >= queue;
  };
  /**
   * The bearer tokens whose user's gate was last seen full: a flooder that ignores Retry-After
   * is refused again before its token is even looked up, so its refusals cost no database turn
   * (a refusal is all it would get: its own queue is full). Only ever refuses, never admits:
   * the token is still checked before anything runs.
   */
  const fullTokens = new Map<string, string>();
  /**
   * Runs `run` in one of `key`'s slots. `signal`: the request's abort signal; a call whose client
   * went away while it waited leaves the queue without running (ClientGone).
   */
  const gate = async <T>(key: string, run: () => Promise<T>, token?: string, signal?: AbortSignal): Promise<T> => {
    const s = state.get(key) ?? { running: 0, waiting: [] };
    state.set(key, s);
    if (s.running >= atOnce) {
      if (s.waiting.length >= queue) {
        if (token) {
          if (fullTokens.size >= 10_000) fullTokens.clear();
          fullTokens.set(token, key);
        }
        throw tooManyHeavy();
      }
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', gone);
          resolve();
        };
        const gone = () => {
          const at = s.waiting.indexOf(turn);
          if (at >= 0) s.waiting.splice(at, 1);
          if (s.running === 0 && s.waiting.length === 0) state.delete(key);
          reject(new ClientGone());
        };
        if (signal?.aborted) return gone();
        signal?.addEventListener('abort', gone, { once: true });
        s.waiting.push(turn);
      });
    }
    if (signal?.aborted) {
      // our turn came as the client left: pass it on
      const next = s.waiting.shift();
      if (next) next();
      else if (s.running === 0) state.delete(key);
      throw new ClientGone();
    }
    s.running++;
    try {
      if (!shared) return await run();
      const release = await sharedSlot(shared, key);
      try {
        return await run();
      } finally {
        release();
      }
    } finally {
      s.running--;
      const next = s.waiting.shift();
      if (next) next();
      else if (s.running === 0) state.delete(key);
    }
  };
  return Object.assign(gate, {
    /** how many calls of `key` wait for a slot (health figures, tests) */
    waiting: (key: string) => state.get(key)?.waiting.length ?? 0,
    /** refuses a token whose user's gate was full when last seen and still is, before any lookup */
    refuseEarly(token: string) {
      const key = fullTokens.get(token);
      if (key === undefined) return;
      if (full(key)) throw tooManyHeavy(HOLD_REPEATED_MS);
      fullTokens.delete(token);
    },
  });
};
