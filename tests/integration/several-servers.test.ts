/**
 * Several servers behind one address: two real server processes (`src/server/main.ts`
 * under tsx, as `npm start` runs it) on one fresh PostgreSQL database and one Redis behave as one.
 * A chat message sent on process A reaches the recipient's socket on process B live; a session
 * signed out or a user disabled on A is closed and refused on B; a user's request budget is one
 * bucket across both. Each run uses its own REDIS_PREFIX, so parallel runs on one Redis never meet,
 * and deletes its keys afterwards. Runs in the PostgreSQL pass only (PGlite serves one process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { limitText } from '../../src/server/http/limits';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, clientFor, createPostgresDatabase, envelope, postgresAvailable, adminUrl } from './harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SELLER = '00000000-0000-4000-8000-000000000002';
const BUYER = '00000000-0000-4000-8000-000000000004';
/** a user's budget in both processes together: 20 requests, refilled at one per 100 s */
const USER_BURST = 20;

const redisAvailable = await (async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
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

const skip = !backends.includes('postgres') ? 'several servers: PostgreSQL pass only'
  : !postgresAvailable ? `several servers: no PostgreSQL at ${adminUrl}`
  : !redisAvailable ? `several servers: no Redis at ${REDIS_URL}` : '';

interface Proc { child: ChildProcess; url: string; log: string[] }

/** Starts `tsx src/server/main.ts` and resolves with its address once it prints it. */
const startProcess = (env: Record<string, string>): Promise<Proc> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const log: string[] = [];
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      const m = /已启动: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], log });
    });
    child.stderr!.on('data', (d: Buffer) => log.push(String(d)));
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}\n${log.join('')}`)));
  });

const stopProcess = (p: Proc) =>
  new Promise<void>((resolve) => {
    if (p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });

/** `p`, or a failure naming what did not happen within 15 s (instead of the test's own 60 s timeout) */
const within = <T>(what: string, p: Promise<T>) =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within 15 s`)), 15_000).unref())]);

type Event = { type: string; [k: string]: unknown };
interface Conn { ws: WebSocket; events: Event[]; closed: Promise<number>; next(pred: (e: Event) => boolean): Promise<Event> }

const connect = (base: string, token: string) =>
  new Promise<Conn>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['qph', `bearer.${token}`]);
    const events: Event[] = [];
    const waiting: Array<{ pred: (e: Event) => boolean; done: (e: Event) => void }> = [];
    const closed = within('the socket\'s close', new Promise<number>((r) => ws.on('close', (code) => r(code))));
    closed.catch(() => undefined);
    const conn: Conn = {
      ws, events, closed,
      next: (pred) => within('the awaited event', new Promise((done) => {
        const seen = events.find(pred);
        if (seen) done(seen);
        else waiting.push({ pred, done });
      })),
    };
    ws.on('message', (m) => {
      const e = JSON.parse(String(m)) as Event;
      events.push(e);
      for (const w of waiting.filter((x) => x.pred(e))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done(e);
      }
      if (e.type === 'hello') resolve(conn);
    });
    ws.on('error', reject);
  });

describe.skipIf(skip !== '')(skip || 'two server processes on one PostgreSQL and one Redis', () => {
  const prefix = `qph-test-${randomBytes(6).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  const running: Proc[] = [];
  let a: Proc;
  let b: Proc;

  /** a call of the endpoint table to one server process, typed from the contract */
  const call = <N extends EndpointName>(p: Proc, name: N, payload: PayloadIn<N>, token?: string, device = 'pc') =>
    clientFor(p.url).api(name, payload, { token, device });
  const login = async (p: Proc, username: string, device = 'pc') => {
    const r = await call(p, 'userAuth', { username, password: 'demo123456' }, undefined, device);
    if (r.body.code !== 200) throw new Error(`login ${username}: ${JSON.stringify(r.body)}`);
    return r.body.data.access_token;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // migrated and seeded here (cheap password hashes, no generated stock), so both servers start at once on a ready database
    const db = await openDatabase({ databaseUrl: database.url });
    await migrate(db.db);
    await seed(db.db, { scryptN: 1024, stockRows: 0 });
    await db.close();
    dataDir = mkdtempSync(join(tmpdir(), 'qph-several-'));
    const env = {
      PORT: '0', HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: dataDir, STATIC_DIR: dataDir, PAYMENT_PROVIDER: 'sandbox',
      REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_USER: `0.01/${USER_BURST}`, RATE_LIMIT_ADDRESS: '1000/100000',
    };
    // each kept as it starts, so one that failed to start never leaves the other running
    const started = await Promise.allSettled([startProcess(env), startProcess(env)]);
    for (const r of started) if (r.status === 'fulfilled') running.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    [a, b] = running;
    for (const p of [a, b]) {
      // beside the endpoint table: read raw
      const health = await clientFor(p.url).callRaw('GET', '/api/health', { device: 'pc' });
      expect(envelope(health.body).data).toMatchObject({ backend: 'postgres', bus: 'redis', bus_connected: true });
    }
  });

  afterAll(async () => {
    await Promise.all(running.map(stopProcess));
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a message sent on A arrives live on the recipient\'s socket on B, and B knows the recipient is online there', async () => {
    const buyerOnB = await connect(b.url, await login(b, 'buyer'));
    const seller = await login(a, 'seller');
    const contact = await call(a, 'imContact', { uuid: BUYER }, seller);
    expect(contact.body.data.on_line).toBe(true);
    const id = `c-${randomUUID()}`;
    const sent = await call(a, 'imSend', { client_msg_id: id, targetId: BUYER, messageType: 'RC:TxtMsg', content: { content: '两台服务器之间的消息' } }, seller);
    expect(sent.status).toBe(200);
    const pushed = await buyerOnB.next((e) => e.type === 'imMessage');
    expect(pushed).toMatchObject({ message: { clientMsgId: id, senderUserId: SELLER, messageDirection: 2, content: { content: '两台服务器之间的消息' } }, unreadTotal: 1 });
    buyerOnB.ws.close();
    await buyerOnB.closed;
    await expect.poll(async () => (await call(a, 'imContact', { uuid: BUYER }, seller)).body.data.on_line, { timeout: 10_000 }).toBe(false);
  });

  it('a session signed out on A is closed on B and refused there', async () => {
    const token = await login(a, 'buyer', 'pad');
    const onB = await connect(b.url, token);
    expect((await call(a, 'userLogout', {}, token, 'pad')).status).toBe(200);
    expect(await onB.closed).toBe(4908);
    expect(onB.events.at(-1)).toEqual({ type: 'signedOut', code: 908 });
    const after = await call(b, 'imUnreadCount', {}, token, 'pad');
    expect(after.body.code).toBe(908);
  });

  it('a user disabled on A has their socket on B closed', async () => {
    const clerkOnB = await connect(b.url, await login(b, 'clerk', 'h5'));
    const seller = await login(a, 'seller', 'app');
    const list = await call(a, 'employeeList', { keyword: 'clerk' }, seller, 'app');
    const id = list.body.data.data[0].id;
    expect((await call(a, 'employeeSetActive', { id, active: false }, seller, 'app')).status).toBe(200);
    expect(await clerkOnB.closed).toBe(4908);
    expect((await call(a, 'employeeSetActive', { id, active: true }, seller, 'app')).status).toBe(200);
  });

  it('one user\'s request budget is one bucket across both processes', async () => {
    const token = await login(a, 'member');
    const statuses: number[] = [];
    for (let i = 0; i < USER_BURST; i++) statuses.push((await call(i % 2 ? b : a, 'getPayPackages', {}, token)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // each process has answered only half the budget; a bucket of its own would still have tokens
    const past = await call(a, 'getPayPackages', {}, token);
    expect(past.status).toBe(429);
    expect(past.body.client_msg).toBe(limitText.tooFast);
    expect((await call(b, 'getPayPackages', {}, token)).status).toBe(429);
  });
});
