/**
 * Load benchmark: real server processes (`src/server/main.ts`, as `npm start` runs it)
 * driven over loopback by autocannon and by 1,000 WebSocket clients from this process. Prints
 * progress on stderr and one JSON line on stdout:
 * - search_rps_at_p95_under_200ms: keyword searches (real words from the stock) by many users at
 *   once, connections doubled from 1 while p95 stays under 200 ms; the best requests/s so kept;
 * - light_idle_p95_ms / light_flood_p95_ms: p95 of one user's unread count (GET /api/im/unread)
 *   alone, then while another user floods 16 parallel 800-row searches (target: within 2×);
 * - ws_clients / ws_delivery_p95_ms: 1,000 sockets open, chat messages sent by HTTP and timed
 *   until the recipient's socket has them (target ≤ 50 ms), 20 a second as Poisson arrivals;
 *   ws_burst10_delivery_*: the same rate as 10 simultaneous sends every half second;
 * - rss_mb_before / rss_mb_ws / rss_mb_after: the servers' resident memory (summed over processes)
 *   after start, with the 1,000 sockets open, and at the end with them closed.
 *
 *   npm run bench:load -- [--rows 20000] [--duration 5]
 *   npm run bench:load -- --db postgres://postgres@127.0.0.1:5432/postgres --redis redis://127.0.0.1:6379 --processes 2
 *
 * With --db a fresh database is created there and dropped at the end; without it PGlite in a
 * temporary folder (one process only: PGlite is embedded). With several processes, clients and
 * calls alternate between them as a proxy without sticky sessions would, so half of the chat
 * deliveries cross Redis. The 1,000 users are made in the database beforehand (company 3, the
 * demo buyer's), each with a session, since signing in 1,000 times would measure scrypt.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { prng } from '../../src/server/db/seed-catalogue';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' }, db: { type: 'string' }, redis: { type: 'string' },
    processes: { type: 'string', default: '1' }, duration: { type: 'string', default: '5' }, clients: { type: 'string', default: '1000' },
    // writes each server's V8 CPU profile (.cpuprofile, open in Chrome's DevTools) into this folder
    profile: { type: 'string' },
    // runs only the flood part (the light call idle and during another user's flood)
    'flood-only': { type: 'boolean', default: false },
    // diagnosis with several processes: the flood goes to the first process only, the light call to the last only
    split: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const processes = Number(values.processes);
const duration = Number(values.duration);
const clients = Number(values.clients);
const fail = (text: string) => {
  console.error(text);
  process.exit(2);
};
if (!Number.isInteger(rows) || rows < 1000) fail('--rows 必须是不小于 1000 的整数');
if (!Number.isInteger(processes) || processes < 1 || processes > 8) fail('--processes 必须是 1 到 8 之间的整数');
if (processes > 1 && (!values.db || !values.redis)) fail('多个进程须同时给出 --db postgres://… 和 --redis redis://…（PGlite 只能由一个进程打开）');
if (!(duration >= 1)) fail('--duration 须至少为 1 秒');
if (!Number.isInteger(clients) || clients < 10) fail('--clients 必须是不小于 10 的整数');
const log = (text: string) => console.error(`[bench:load] ${text}`);

// the database: made, migrated and seeded here, then handed to the servers
const folder = mkdtempSync(join(tmpdir(), 'qph-load-'));
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;
let database: Database;
if (values.db) {
  const name = `qph_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values.db });
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  await admin.end();
  const url = new URL(values.db);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  database = await openDatabase({ databaseUrl });
  drop = async () => {
    const a = new pg.Client({ connectionString: values.db });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  database = await openDatabase({ dataDir: join(folder, 'pglite') });
}
const t0 = Date.now();
await migrate(database.db);
await seed(database.db, { scryptN: 1024, stockRows: rows });
log(`seeded ${rows} stock rows on ${database.backend} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const buyer = await database.db.selectFrom('app_user').select(['company_id', 'permissions']).where('username', '=', 'buyer').executeTakeFirstOrThrow();
const users: Array<{ id: number; uuid: string; token: string }> = [];
for (let from = 0; from < clients; from += 500) {
  const batch = Array.from({ length: Math.min(500, clients - from) }, (_, i) => ({
    uuid: randomUUID(), company_id: buyer.company_id, username: `bench${from + i}`, display_name: `压测用户${from + i}`,
    password_hash: 'none', permissions: buyer.permissions, allow_im: true,
  }));
  const made = await database.db.insertInto('app_user').values(batch).returning(['id', 'uuid']).execute();
  const tokens = made.map(() => randomBytes(32).toString('base64url'));
  await database.db.insertInto('session').values(made.map((u, i) => ({
    user_id: u.id, device: 'pc', family_id: randomUUID(), access_hash: createHash('sha256').update(tokens[i]).digest('hex'),
    access_expires_at: new Date(Date.now() + 4 * 3600_000),
  }))).execute();
  made.forEach((u, i) => users.push({ id: u.id, uuid: u.uuid, token: tokens[i] }));
}
// real words people search for: stocked part names and their last two characters
const names = (await sql<{ name: string }>`select name from stock order by md5(id::text) limit 2000`.execute(database.db)).rows.map((r) => r.name);
const rnd = prng(11);
const words = names.flatMap((n) => [n, n.slice(-2)]);
const word = () => words[Math.floor(rnd() * words.length)];
await database.close();

// the servers
const prefix = `qph-bench-${randomBytes(4).toString('hex')}:`;
interface Proc { child: ChildProcess; url: string }
const start = () => new Promise<Proc>((resolve, reject) => {
  const child = spawn(process.execPath, [...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []), '--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: folder, STATIC_DIR: folder, PAYMENT_PROVIDER: 'sandbox',
      // every client of the benchmark comes from 127.0.0.1: the per-address budget would measure itself
      RATE_LIMIT_ADDRESS: '1000000/1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(values.redis ? { REDIS_URL: values.redis, REDIS_PREFIX: prefix } : {}),
    },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += String(d);
    const m = /已启动: (http:\/\/\S+)/.exec(out);
    if (m) resolve({ child, url: m[1] });
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += String(d);
  });
  child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${err}`)));
});
const servers = await Promise.all(Array.from({ length: processes }, start));
// a bench that fails half-way takes its servers with it
process.on('exit', () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
});
log(`${processes} server process(es): ${servers.map((s) => s.url).join(' ')}`);
const rssMb = () => servers.reduce((sum, s) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1] ?? 0);
  return sum + kb / 1024;
}, 0);
const round = (n: number) => Number(n.toFixed(1));
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]);
};
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const search = (k: string, size = 50) => `/api/search/keyword?k=${encodeURIComponent(k)}&mode=exact&page_size=${size}`;

/** autocannon against one process, every response's latency kept (its own summary has no p95) */
const cannon = (url: string, connections: number, tokens: string[], size: number, seconds: number) => new Promise<{ rps: number; p95: number; non2xx: number; count: number }>((resolve, reject) => {
  const latencies: number[] = [];
  let non2xx = 0;
  let next = 0;
  const instance = autocannon({
    url, connections, duration: seconds,
    // each request as the next user in turn: many users searching, not one user at many times
    // the per-user budget (which would then measure the rate limiter instead of the search)
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: search(word(), size), headers: { ...req.headers, ...auth(tokens[next++ % tokens.length]) } }) }],
  }, (e, result) => {
    if (e) reject(e);
    else resolve({ rps: round(result.requests.average), p95: pct(latencies, 95), non2xx, count: latencies.length });
  });
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status < 200 || status > 299) non2xx++;
  });
});

/** runs a load on every process at once (connections split between them), merging the figures */
const everywhere = async (connections: number, tokens: string[], size: number, seconds: number) => {
  const each = Math.max(1, Math.round(connections / servers.length));
  const parts = await Promise.all(servers.map((s, i) => cannon(s.url, each, tokens.filter((_, j) => j % servers.length === i), size, seconds)));
  return { rps: round(parts.reduce((n, p) => n + p.rps, 0)), p95: Math.max(...parts.map((p) => p.p95)), non2xx: parts.reduce((n, p) => n + p.non2xx, 0) };
};

const warm = await fetch(`${servers[0].url}/api/health`).then((r) => r.json());
log(`health ${JSON.stringify(warm)}`);
const rssBefore = rssMb();
// the machine's own load while measuring (2 cores shared with other work here): figures read with it
const loadBefore = loadavg()[0];

// 1. searches by many users: double the connections while p95 stays under 200 ms
const searchers = users.slice(0, Math.min(64, Math.floor(users.length / 4))).map((u) => u.token);
await everywhere(servers.length, searchers, 50, 2);
let best = { connections: 0, rps: 0, p95: 0 };
const ramp: Array<{ connections: number; rps: number; p95: number; non2xx: number }> = [];
// connections in all, an equal share on each process
for (let c = servers.length; c <= 64 && !values['flood-only']; c *= 2) {
  const r = await everywhere(c, searchers, 50, duration);
  ramp.push({ connections: c, ...r });
  log(`search ${c} connections: ${r.rps} req/s, p95 ${r.p95} ms, non-2xx ${r.non2xx}`);
  if (r.p95 >= 200 || r.non2xx > 0) break;
  if (r.rps > best.rps) best = { connections: c, rps: r.rps, p95: r.p95 };
}

// 2. one user's light call, idle and while another user floods 16 parallel 800-row searches
const light = users[users.length - 1];
const poll = async (seconds: number) => {
  const xs: number[] = [];
  const until = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < until; i++) {
    const t = performance.now();
    const r = await fetch(`${servers[values.split ? servers.length - 1 : i % servers.length].url}/api/im/unread`, { headers: auth(light.token) });
    await r.text();
    xs.push(performance.now() - t);
    await new Promise((res) => setTimeout(res, 20));
  }
  return xs;
};
const idle = await poll(duration);
const flooder = users[users.length - 2].token;
const [flooded, flood] = await Promise.all([poll(duration), values.split ? cannon(servers[0].url, 16, [flooder], 800, duration + 1) : everywhere(16, Array(16).fill(flooder), 800, duration + 1)]);
log(`light call p95 idle ${pct(idle, 95)} ms, during the flood ${pct(flooded, 95)} ms (flooder: ${flood.rps} answers/s, ${flood.non2xx} refused)`);
const shutdown = async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  })));
  await drop?.();
  if (values.redis) {
    const r = new Redis(values.redis);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
  }
  rmSync(folder, { recursive: true, force: true });
};
if (values['flood-only']) {
  await shutdown();
  console.log(JSON.stringify({
    backend: databaseUrl ? 'postgres' : 'pglite', processes, redis: Boolean(values.redis), rows, heavy_at_once: process.env.HEAVY_AT_ONCE ?? 'default',
    light_idle_p95_ms: pct(idle, 95), light_flood_p95_ms: pct(flooded, 95), light_flood_ratio: round(pct(flooded, 95) / pct(idle, 95)),
    flood_answers_per_s: flood.rps, flood_refused: flood.non2xx, machine_load_1m_before: round(loadBefore), machine_load_1m_after: round(loadavg()[0]),
  }));
  process.exit(0);
}

// 3. sockets: every user connected, to the processes in turn; messages timed until they arrive
type Pending = Map<string, (t: number) => void>;
const pending: Pending = new Map();
const sockets: WebSocket[] = [];
const open = (u: (typeof users)[number], i: number) => new Promise<void>((resolve, reject) => {
  const ws = new WebSocket(`${servers[i % servers.length].url.replace('http', 'ws')}/ws`, ['qph', `bearer.${u.token}`]);
  ws.on('message', (data) => {
    const e = JSON.parse(String(data)) as { type: string; message?: { clientMsgId: string; messageDirection: number } };
    if (e.type === 'hello') resolve();
    else if (e.type === 'imMessage' && e.message?.messageDirection === 2) pending.get(e.message.clientMsgId)?.(performance.now());
  });
  ws.on('error', reject);
  sockets.push(ws);
});
const connectStarted = performance.now();
for (let i = 0; i < users.length; i += 50) await Promise.all(users.slice(i, i + 50).map((u, j) => open(u, i + j)));
const connectS = (performance.now() - connectStarted) / 1000;
const rssWs = rssMb();
log(`${sockets.length} sockets open in ${connectS.toFixed(1)} s`);

const senders = users.slice(Math.floor(users.length / 2), Math.floor(users.length / 2) + Math.min(50, Math.floor(users.length / 10)));
let delivery: number[] = [];
let lost = 0;
const sendOne = async (k: number) => {
  const from = senders[k % senders.length];
  const to = users[(k * 7919) % users.length];
  if (to.id === from.id) return;
  const id = `bench-${k}-${randomUUID()}`;
  const arrived = new Promise<number>((resolve) => pending.set(id, resolve));
  const t = performance.now();
  const r = await fetch(`${servers[k % servers.length].url}/api/im/messages`, {
    method: 'POST', headers: auth(from.token), body: JSON.stringify({ client_msg_id: id, targetId: to.uuid, messageType: 'RC:TxtMsg', content: { content: `压测消息 ${k}` } }),
  });
  if ((await r.json() as { code: number }).code !== 200) throw new Error(`send ${k} refused`);
  const at = await Promise.race([arrived, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
  pending.delete(id);
  if (at < 0) lost++;
  else delivery.push(at - t);
};
// 20 messages a second from 50 people, each sent when its sender sends it (Poisson arrivals, the
// usual model of independent users): a busy hour of a marketplace, not a flood
const arrivals = prng(23);
const sends: Promise<void>[] = [];
for (let k = 0, at = performance.now(); k < 400; k++) {
  at += -Math.log(1 - arrivals()) * 50;
  await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
  sends.push(sendOne(k));
}
await Promise.all(sends);
const steady = delivery;
log(`delivery (Poisson, 20/s) p50 ${pct(steady, 50)} ms, p95 ${pct(steady, 95)} ms, lost ${lost}`);
// and the same rate as bursts: 10 messages at the same instant every half second (the worst case
// of a pattern that rate allows; each waits for the sends ahead of it)
delivery = [];
for (let k = 400; k < 800; k += 10) {
  const batch = Array.from({ length: 10 }, (_, j) => sendOne(k + j));
  await Promise.all([...batch, new Promise((r) => setTimeout(r, 500))]);
}
const burst = delivery;
log(`delivery (bursts of 10) p50 ${pct(burst, 50)} ms, p95 ${pct(burst, 95)} ms, lost ${lost} in all`);
for (const ws of sockets) ws.close();
await new Promise((r) => setTimeout(r, 2000));
const rssAfter = rssMb();

await shutdown();

console.log(JSON.stringify({
  backend: databaseUrl ? 'postgres' : 'pglite', processes, redis: Boolean(values.redis), rows,
  search_rps_at_p95_under_200ms: best.rps, search_connections: best.connections, search_p95_ms: best.p95,
  search_ramp: ramp,
  light_idle_p95_ms: pct(idle, 95), light_flood_p95_ms: pct(flooded, 95), light_flood_ratio: round(pct(flooded, 95) / pct(idle, 95)),
  flood_answers_per_s: flood.rps, flood_refused: flood.non2xx,
  ws_clients: sockets.length, ws_connect_s: round(connectS), ws_delivery_p50_ms: pct(steady, 50), ws_delivery_p95_ms: pct(steady, 95), ws_burst10_delivery_p50_ms: pct(burst, 50), ws_burst10_delivery_p95_ms: pct(burst, 95), ws_lost: lost,
  rss_mb_before: round(rssBefore), rss_mb_ws: round(rssWs), rss_mb_after: round(rssAfter),
  machine_load_1m_before: round(loadBefore), machine_load_1m_after: round(loadavg()[0]),
}));
process.exit(0);
