/**
 * The bus: what one server process must tell the others, and the counters they share
 * (docs/operations.md, "Several servers with Redis"). It stores nothing durable: pushes over /ws to a user's open sockets,
 * sign-outs of sessions, who has a socket open (presence), and the request token buckets.
 * The in-process bus (no REDIS_URL) keeps all of it in this process's memory, as one process
 * needs; the Redis bus (redis-bus.ts) shares it between every process on one Redis.
 * createBus below is the one place that chooses.
 */
import type { Logger } from '../logger';
import { createLocalBus } from './local-bus';
import type { Bus } from './bus.types';

export type { Bus, BusMessage } from './bus.types';
export { createLocalBuckets, createLocalBus } from './local-bus';

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
