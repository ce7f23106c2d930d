/**
 * The bus: what one server process must tell the others, and the counters they share (issue 11,
 * "several servers"). It stores nothing durable: pushes over /ws to a user's open sockets,
 * sign-outs of sessions, who has a socket open (presence), and the request token buckets.
 * The in-process bus (no REDIS_URL) keeps all of it in this process's memory, as one process
 * needs; the Redis bus (redis-bus.ts) shares it between every process on one Redis.
 * createBus below is the one place that chooses.
 */
import { createBuckets, type RateConfig } from '../http/limits';
import type { Logger } from '../logger';

/** What goes between processes. */
export type BusMessage =
  /** an event for every open /ws socket of a user */
  | { type: 'push'; userId: number; event: object }
  /** these sessions were signed out: their open sockets are told and closed */
  | { type: 'revoked'; sessionIds: number[] }
  /** some messages may have been lost: every socket reconnects and fetches what it missed */
  | { type: 'resync' };

export interface Bus {
  readonly kind: 'local' | 'redis';
  /** whether messages reach the other processes now (always true in-process) */
  connected(): boolean;
  /** delivers to this process's subscriber at once and to every other process's */
  publish(message: BusMessage): void;
  /** the one receiver of this process: messages of every process, this one's included */
  subscribe(handler: (message: BusMessage) => void): void;
  /** takes `cost` tokens (default 1) from the bucket `scope:key`; the seconds to wait when it has too few (0 = go on) */
  take(scope: string, key: string, cfg: RateConfig, cost?: number): Promise<number>;
  /**
   * Takes one of `limit` slots of `scope:key` shared by every process (the heavy calls a user runs
   * at once, http/limits.ts): its release, or null when all are taken. In one process the gate's
   * own count is the whole truth, so the in-process bus always grants.
   */
  acquire(scope: string, key: string, limit: number): Promise<(() => void) | null>;
  /** this process has (or no longer has) an open socket of the user */
  setOnline(userId: number, online: boolean): void;
  /** whether any process has an open socket of the user */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Token buckets of this process, one set per scope (the in-process store, and Redis's stand-in while it is down). */
export const createLocalBuckets = (now: () => number = Date.now) => {
  const scopes = new Map<string, ReturnType<typeof createBuckets>>();
  return (scope: string, key: string, cfg: RateConfig, cost = 1): number => {
    let b = scopes.get(scope);
    if (!b) {
      b = createBuckets(cfg, now);
      scopes.set(scope, b);
    }
    return b.take(key, cost);
  };
};

export const createLocalBus = (): Bus => {
  let handler: (m: BusMessage) => void = () => undefined;
  const buckets = createLocalBuckets();
  const online = new Set<number>();
  return {
    kind: 'local',
    connected: () => true,
    publish: (m) => handler(m),
    subscribe(h) {
      handler = h;
    },
    take: async (scope, key, cfg, cost) => buckets(scope, key, cfg, cost),
    acquire: async () => () => undefined,
    setOnline(userId, on) {
      if (on) online.add(userId);
      else online.delete(userId);
    },
    isOnline: async (userId) => online.has(userId),
    async close() {},
  };
};

export interface BusConfig {
  /** REDIS_URL: unset keeps everything in this process */
  redisUrl?: string;
  /** REDIS_PREFIX: keys and the channel start with it, so deployments (or test runs) on one Redis stay apart */
  prefix?: string;
  log: Logger;
}

/** The bus of this configuration. The Redis bus starts even when Redis is down (and says so), and connects when it can. */
export const createBus = async (cfg: BusConfig): Promise<Bus> => {
  if (!cfg.redisUrl) return createLocalBus();
  const { createRedisBus } = await import('./redis-bus');
  return createRedisBus({ url: cfg.redisUrl, prefix: cfg.prefix ?? 'qph:', log: cfg.log });
};
