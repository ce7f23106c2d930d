/**
 * The bus over Redis (REDIS_URL), for several server processes on one PostgreSQL. It stores, under
 * the prefix (REDIS_PREFIX, default `qph:`): `<prefix>rl:<scope>:<key>` a token bucket (hash of
 * tokens and last refill, expiring once it would be full again), `<prefix>slot:<scope>:<key>` the
 * slots taken (a sorted set of holders scored by when their lease lapses, renewed while held, so a
 * process that dies gives its slots back within SLOT_LEASE_MS) and `<prefix>online:<userId>` a
 * sorted set of the processes holding a socket of that user, scored by when their claim lapses
 * (a process that dies stops renewing, so it drops out within PRESENCE_TTL_MS). Messages go over
 * the channel `<prefix>bus`; each process delivers its own messages to itself directly and
 * ignores their echo.
 *
 * Redis down (or never reached) is never fatal: buckets fall back to this process's own, pushes
 * reach this process's sockets only, presence answers for this process only, and the outage is
 * logged once. Because chat messages are stored before they are pushed, nothing is lost: when the
 * subscription comes back this process closes its sockets (1012) so every client reconnects and
 * fetches what it missed, and a process whose publications failed asks every process to do the
 * same once it can publish again.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateConfig } from '../http/limits';
import type { Logger } from '../logger';
import type { Bus, BusMessage } from './bus.types';
import { createLocalBuckets } from './local-bus';

export const PRESENCE_TTL_MS = 60_000;
const PRESENCE_RENEW_MS = 20_000;
/** a request waits at most this long for Redis before the local bucket decides */
const COMMAND_TIMEOUT_MS = 500;
/** after a failed bucket command, requests use the local buckets this long instead of each waiting on a Redis that hangs */
const BUCKET_BACKOFF_MS = 5_000;

/**
 * One atomic token-bucket step, timed by Redis's own clock so processes on machines whose clocks
 * differ share one bucket. Answers the whole seconds to wait, 0 when a token was taken.
 */
const TAKE_LUA = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local need = math.min(tonumber(ARGV[3]) or 1, burst)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local wait = 0
if tokens < need then
  wait = math.max(1, math.ceil((need - tokens) / rate))
else
  tokens = tokens - need
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return wait
`;

/** Takes a slot when fewer than ARGV[1] unexpired holders have one; 1 taken, 0 all busy. */
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;
/** Extends a held slot's lease (nothing when it lapsed meanwhile). */
const RENEW_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
`;
export const SLOT_LEASE_MS = 30_000;

type WithTake = Redis & {
  qphTake(key: string, perSecond: number, burst: number, cost: number): Promise<number>;
  qphAcquire(key: string, limit: number, leaseMs: number, holder: string): Promise<number>;
  qphRenew(key: string, leaseMs: number, holder: string): Promise<number>;
};

export const createRedisBus = async (opts: { url: string; prefix: string; log: Logger }): Promise<Bus> => {
  const me = randomUUID();
  const channel = `${opts.prefix}bus`;
  const retryStrategy = (times: number) => Math.min(times * 200, 2000);
  // commands fail at once while disconnected (no offline queue): a request never waits on a dead Redis
  const cmd = new Redis(opts.url, { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy }) as WithTake;
  cmd.defineCommand('qphTake', { numberOfKeys: 1, lua: TAKE_LUA });
  cmd.defineCommand('qphAcquire', { numberOfKeys: 1, lua: ACQUIRE_LUA });
  cmd.defineCommand('qphRenew', { numberOfKeys: 1, lua: RENEW_LUA });
  const sub = new Redis(opts.url, { connectTimeout: 2000, retryStrategy, maxRetriesPerRequest: null });

  let handler: (m: BusMessage) => void = () => undefined;
  const localTake = createLocalBuckets();
  const online = new Set<number>();
  let closing = false;
  let down = false;
  /** a publication failed: the others may have missed pushes */
  let missed = false;
  let subscribedOnce = false;
  let subscriptionLost = false;
  let bucketsLocalUntil = 0;

  const outage = (what: string, e: unknown) => {
    if (!down && !closing) opts.log('warn', `Redis 不可用（${what}）：推送只送达本进程的连接，限流改用本进程计数；恢复后客户端重连补取消息`, e instanceof Error ? e.message : e);
    down = true;
  };
  const ready = () => cmd.status === 'ready';

  const presenceKey = (userId: number) => `${opts.prefix}online:${userId}`;
  const claim = (userIds: Iterable<number>) => {
    if (!ready()) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    const p = cmd.pipeline();
    let n = 0;
    for (const id of userIds) {
      p.zadd(presenceKey(id), until, me).pexpire(presenceKey(id), PRESENCE_TTL_MS);
      n++;
    }
    if (n > 0) p.exec().catch((e) => outage('presence', e));
  };
  const renew = setInterval(() => claim(online), PRESENCE_RENEW_MS);
  renew.unref();

  const send = (m: BusMessage) => {
    if (!ready()) {
      missed = true;
      return;
    }
    cmd.publish(channel, JSON.stringify({ from: me, m })).catch((e) => {
      missed = true;
      outage('publish', e);
    });
  };

  cmd.on('error', (e) => outage('connection', e));
  cmd.on('ready', () => {
    if (down && !closing) opts.log('info', 'Redis 已恢复：推送与限流重新跨进程共享');
    down = false;
    bucketsLocalUntil = 0;
    claim(online);
    if (missed) {
      missed = false;
      send({ type: 'resync' });
    }
  });
  sub.on('error', (e) => outage('subscription', e));
  sub.on('close', () => {
    if (subscribedOnce) subscriptionLost = true;
  });
  sub.on('ready', () => {
    // ready again after a loss: what other processes published meanwhile never arrived here
    if (subscriptionLost && !closing) handler({ type: 'resync' });
    subscriptionLost = false;
  });
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let parsed: { from: string; m: BusMessage };
    try {
      parsed = JSON.parse(text) as { from: string; m: BusMessage };
    } catch {
      opts.log('warn', 'Redis 频道上的消息格式错误，已忽略');
      return;
    }
    if (parsed.from !== me) handler(parsed.m);
  });
  // waits (3 s at most) until subscribed and connected; without Redis the server starts all the same and connects when it can
  const subscribed = sub.subscribe(channel).then(() => {
    subscribedOnce = true;
  }, (e) => outage('subscription', e));
  const connected = ready() ? Promise.resolve() : new Promise<void>((r) => cmd.once('ready', () => r()));
  await Promise.race([Promise.all([subscribed, connected]), new Promise((r) => setTimeout(r, 3000).unref())]);
  if (!subscribedOnce || !ready()) outage('start', `${opts.url.replace(/\/\/[^@/]*@/, '//***@')} 暂时连不上`);

  return {
    kind: 'redis',
    connected: () => ready() && sub.status === 'ready',
    publish(m) {
      handler(m);
      send(m);
    },
    subscribe(h) {
      handler = h;
    },
    async take(scope: string, key: string, cfg: RateConfig, cost = 1) {
      if (ready() && Date.now() >= bucketsLocalUntil) {
        try {
          return Number(await cmd.qphTake(`${opts.prefix}rl:${scope}:${key}`, cfg.perSecond, cfg.burst, cost));
        } catch (e) {
          bucketsLocalUntil = Date.now() + BUCKET_BACKOFF_MS;
          outage('rate limit', e);
        }
      }
      return localTake(scope, key, cfg, cost);
    },
    async acquire(scope: string, key: string, limit: number) {
      // Redis away: each process's own gate is the limit, as without REDIS_URL
      if (!ready() || Date.now() < bucketsLocalUntil) return () => undefined;
      const slot = `${opts.prefix}slot:${scope}:${key}`;
      const holder = randomUUID();
      try {
        if (Number(await cmd.qphAcquire(slot, limit, SLOT_LEASE_MS, holder)) === 0) return null;
      } catch (e) {
        bucketsLocalUntil = Date.now() + BUCKET_BACKOFF_MS;
        outage('slots', e);
        return () => undefined;
      }
      const renewing = setInterval(() => {
        if (ready()) cmd.qphRenew(slot, SLOT_LEASE_MS, holder).catch((e) => outage('slots', e));
      }, SLOT_LEASE_MS / 3);
      renewing.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(renewing);
        // a release that fails leaves the slot to lapse with its lease
        if (ready()) cmd.zrem(slot, holder).catch((e) => outage('slots', e));
      };
    },
    setOnline(userId, on) {
      if (on) {
        online.add(userId);
        claim([userId]);
      } else {
        online.delete(userId);
        if (ready()) cmd.zrem(presenceKey(userId), me).catch((e) => outage('presence', e));
      }
    },
    async isOnline(userId) {
      if (online.has(userId)) return true;
      if (!ready()) return false;
      try {
        return (await cmd.zcount(presenceKey(userId), Date.now(), '+inf')) > 0;
      } catch (e) {
        outage('presence', e);
        return false;
      }
    },
    async close() {
      closing = true;
      clearInterval(renew);
      if (ready() && online.size > 0) {
        const p = cmd.pipeline();
        for (const id of online) p.zrem(presenceKey(id), me);
        await p.exec().catch(() => undefined);
      }
      sub.disconnect();
      cmd.disconnect();
    },
  };
};
