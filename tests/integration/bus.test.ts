/**
 * The Redis bus when Redis is away (several servers): a server never fails for it.
 * Started with Redis unreachable it keeps pushes in its own process and buckets of its own, and
 * says so once. Two buses on one Redis, one of them behind a link we cut: what is published during
 * the cut does not arrive, and when the link returns both sides are told to resync (every socket
 * reconnects and fetches what it missed). Needs no database: runs in the PGlite pass.
 */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRedisBus } from '../../src/server/bus/redis-bus';
import type { Bus, BusMessage } from '../../src/server/bus/bus';
import { runsBackendFreeTests } from './harness';

const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

const redisAvailable = await (async () => {
  const r = new Redis(REDIS_URL.toString(), { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
})();

const collect = (bus: Bus) => {
  const got: BusMessage[] = [];
  bus.subscribe((m) => got.push(m));
  return got;
};

describe.runIf(runsBackendFreeTests)('the Redis bus without Redis', () => {
  it('starts, delivers in its own process, counts locally, logs the outage once, and closes', async () => {
    const logged: string[] = [];
    // port 1: nothing listens there
    const bus = await createRedisBus({ url: 'redis://127.0.0.1:1', prefix: 'qph-test-down:', log: (level, text) => logged.push(`${level} ${text}`) });
    const got = collect(bus);
    expect(bus.connected()).toBe(false);
    bus.publish({ type: 'push', userId: 7, event: { type: 'imMessage' } });
    expect(got).toEqual([{ type: 'push', userId: 7, event: { type: 'imMessage' } }]);
    const cfg = { perSecond: 0.001, burst: 2 };
    expect([await bus.take('user', '7', cfg), await bus.take('user', '7', cfg)]).toEqual([0, 0]);
    expect(await bus.take('user', '7', cfg)).toBeGreaterThan(0);
    bus.setOnline(7, true);
    expect(await bus.isOnline(7)).toBe(true);
    expect(await bus.isOnline(8)).toBe(false);
    await bus.close();
    expect(logged.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    expect(logged[0]).toContain('Redis 不可用');
  });
});

describe.runIf(runsBackendFreeTests && redisAvailable)(redisAvailable ? 'two buses on one Redis, one behind a link that fails' : `no Redis at ${REDIS_URL}`, () => {
  const prefix = `qph-test-${randomBytes(6).toString('hex')}:`;
  const open: Socket[] = [];
  let proxy: Server;
  let port = 0;
  const buses: Bus[] = [];

  /** a TCP link to Redis that the test can cut and restore */
  const listen = () => new Promise<void>((resolve) => {
    proxy = createServer((client) => {
      const up = tcpConnect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
      open.push(client, up);
      client.pipe(up).pipe(client);
      client.on('error', () => up.destroy());
      up.on('error', () => client.destroy());
    });
    proxy.listen(port, '127.0.0.1', () => {
      port = (proxy.address() as AddressInfo).port;
      resolve();
    });
  });
  const cut = () => new Promise<void>((resolve) => {
    proxy.close(() => resolve());
    for (const s of open.splice(0)) s.destroy();
  });

  afterAll(async () => {
    for (const b of buses) await b.close();
    await cut();
    const r = new Redis(REDIS_URL.toString());
    const keys = await r.keys(`${prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
  });

  it('shares buckets and presence, and asks both sides to resync after the link returns', async () => {
    await listen();
    const log = () => undefined;
    const a = await createRedisBus({ url: REDIS_URL.toString(), prefix, log });
    const b = await createRedisBus({ url: `redis://127.0.0.1:${port}`, prefix, log });
    buses.push(a, b);
    const gotA = collect(a);
    const gotB = collect(b);
    expect(a.connected() && b.connected()).toBe(true);

    a.publish({ type: 'push', userId: 1, event: { n: 1 } });
    await expect.poll(() => gotB, { timeout: 10_000 }).toEqual([{ type: 'push', userId: 1, event: { n: 1 } }]);
    // A delivered its own message once, directly, and ignored the echo
    expect(gotA).toEqual([{ type: 'push', userId: 1, event: { n: 1 } }]);

    const cfg = { perSecond: 0.001, burst: 3 };
    expect([await a.take('user', '9', cfg), await b.take('user', '9', cfg), await a.take('user', '9', cfg)]).toEqual([0, 0, 0]);
    expect(await b.take('user', '9', cfg)).toBeGreaterThan(0);
    // a call priced at several tokens (an 800-row page) takes them all from the shared bucket
    const heavy = { perSecond: 0.001, burst: 10 };
    expect(await a.take('heavy', '9', heavy, 8)).toBe(0);
    expect(await b.take('heavy', '9', heavy, 8)).toBeGreaterThan(0);
    expect([await b.take('heavy', '9', heavy, 1), await a.take('heavy', '9', heavy, 1)]).toEqual([0, 0]);
    expect(await a.take('heavy', '9', heavy, 1)).toBeGreaterThan(0);
    b.setOnline(5, true);
    await expect.poll(() => a.isOnline(5), { timeout: 10_000 }).toBe(true);

    // one user's heavy-call slots are shared: two on A leave none for B until A gives one back
    const first = await a.acquire('heavy', '9', 2);
    const second = await a.acquire('heavy', '9', 2);
    expect(first && second).toBeTruthy();
    expect(await b.acquire('heavy', '9', 2)).toBeNull();
    // another user's slots are their own
    expect(await b.acquire('heavy', '10', 2)).toBeTruthy();
    first!();
    await expect.poll(() => b.acquire('heavy', '9', 2).then((r) => r !== null), { timeout: 10_000 }).toBe(true);

    await cut();
    await expect.poll(() => b.connected(), { timeout: 10_000 }).toBe(false);
    a.publish({ type: 'push', userId: 1, event: { n: 2 } });
    // B cannot publish now: A will not hear this, so B asks everyone to resync once it can
    b.publish({ type: 'push', userId: 2, event: { n: 3 } });
    // B's buckets are its own meanwhile: a fresh key has its whole burst
    expect(await b.take('user', '10', cfg)).toBe(0);

    await listen();
    await expect.poll(() => gotB.filter((m) => m.type === 'resync').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => gotA.filter((m) => m.type === 'resync').length, { timeout: 15_000 }).toBe(1);
    expect(gotB.some((m) => m.type === 'push' && m.userId === 1 && (m.event as { n: number }).n === 2)).toBe(false);
    expect(b.connected()).toBe(true);
  });
});
