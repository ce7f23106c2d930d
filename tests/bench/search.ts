/**
 * Search benchmark: builds a fresh database with --rows stock rows (PGlite by default, or
 * --db postgres://… for a PostgreSQL server, where a fresh database is created and dropped), runs
 * each query type at least 200 times with varied real-looking inputs through the real app, and
 * prints one JSON object as its last line.
 *
 *   npm run bench:search -- --rows 1000000 [--db postgres://postgres@127.0.0.1:5432/postgres] [--iterations 200]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { prng } from '../../src/server/db/seed-catalogue';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, db: { type: 'string' }, iterations: { type: 'string', default: '200' } } });
const rows = Number(values.rows);
const iterations = Math.max(200, Number(values.iterations));
if (!Number.isInteger(rows) || rows < 1000) {
  console.error('--rows 必须是不小于 1000 的整数');
  process.exit(2);
}

let database: Database;
let drop: (() => Promise<void>) | undefined;
let pglite: PGlite | undefined;
if (values.db) {
  const name = `qph_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values.db });
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  await admin.end();
  const url = new URL(values.db);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  drop = async () => {
    const a = new pg.Client({ connectionString: values.db });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  pglite = await PGlite.create();
  database = await openDatabase({ pglite });
}

const started = Date.now();
await migrate(database.db);
await seed(database.db, { scryptN: 1024, stockRows: rows });
const loadS = (Date.now() - started) / 1000;
console.error(`loaded ${rows} stock rows in ${loadS.toFixed(1)} s on ${database.backend}`);

const { app } = createApp({ db: database.db, backend: database.backend, clock: { now: () => new Date() }, accessTtlSeconds: 3600, scryptN: 1024 });
const login = await app.request('/api/user/auth', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'buyer', password: 'demo123456' }) });
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

const codes = (await sql<{ oe_number: string }>`select oe_number from product order by md5(oe_norm) limit 5000`.execute(database.db)).rows.map((r) => r.oe_number);
const rnd = prng(7);
const pick = () => codes[Math.floor(rnd() * codes.length)];
// people type OE numbers with and without separators, in either case
const typed = (oe: string) => (rnd() < 0.5 ? oe : rnd() < 0.5 ? oe.replace(/-/g, '') : oe.toLowerCase());

const time = async (fn: () => Response | Promise<Response>) => {
  const t = performance.now();
  const res = await fn();
  const body = (await res.json()) as { code: number };
  if (body.code !== 200) throw new Error(`query failed: ${JSON.stringify(body)}`);
  return performance.now() - t;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
};
const run = async (fn: () => Response | Promise<Response>) => {
  for (let i = 0; i < 20; i++) await time(fn);
  const xs: number[] = [];
  for (let i = 0; i < iterations; i++) xs.push(await time(fn));
  return xs;
};

const oeBatch = await run(() => app.request('/api/search/oe', { method: 'POST', headers, body: JSON.stringify({ oe_list: Array.from({ length: 10 }, () => typed(pick())) }) }));
const oeExact = await run(() => app.request('/api/search/oe', { method: 'POST', headers, body: JSON.stringify({ oe_list: [typed(pick())] }) }));
const suggest = await run(() => {
  const oe = pick().replace(/[^0-9A-Za-z]/g, '');
  return app.request(`/api/search/instant?oe=${encodeURIComponent(oe.slice(0, 5 + Math.floor(rnd() * 3)))}`, { headers });
});

// real-looking keywords: part names and parts of them, brands, makes, models, two-word queries
const names = (await sql<{ term: string }>`select term from search_term where kind = 'name'`.execute(database.db)).rows.map((r) => r.term);
const makes = (await sql<{ term: string }>`select term from search_term where kind = 'make'`.execute(database.db)).rows.map((r) => r.term);
const brands = (await sql<{ term: string }>`select term from search_term where kind = 'brand'`.execute(database.db)).rows.map((r) => r.term);
const of = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
const phrase = () => {
  const name = of(names);
  const roll = rnd();
  if (roll < 0.4) return name;
  if (roll < 0.6) return name.slice(-2);
  if (roll < 0.75) return `${of(makes)} ${name}`;
  if (roll < 0.9) return of(brands);
  return `${of(brands)} ${name.slice(-3)}`;
};
const keyword = (k: string, mode: string) => app.request(`/api/search/keyword?k=${encodeURIComponent(k)}&mode=${mode}`, { headers });
const kwExact = await run(() => keyword(phrase(), 'exact'));
const kwFuzzy = await run(() => keyword(phrase(), 'fuzzy'));
const kwOneChar = await run(() => keyword(of(names).slice(-1), rnd() < 0.5 ? 'exact' : 'fuzzy'));

const result = {
  rows,
  backend: database.backend,
  load_s: Number(loadS.toFixed(1)),
  oe_batch10_p50_ms: pct(oeBatch, 50),
  oe_batch10_p95_ms: pct(oeBatch, 95),
  oe_exact_p95_ms: pct(oeExact, 95),
  suggest_p95_ms: pct(suggest, 95),
  keyword_exact_p95_ms: pct(kwExact, 95),
  keyword_fuzzy_p95_ms: pct(kwFuzzy, 95),
  keyword_1char_p95_ms: pct(kwOneChar, 95),
  rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
};
await database.close();
await pglite?.close();
await drop?.();
console.log(JSON.stringify(result));
