/** The in-process bus (no REDIS_URL), and the token buckets the Redis bus falls back on while Redis is down. */
import { createBuckets, type RateConfig } from '../http/limits';
import type { Bus, BusMessage } from './bus.types';

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
