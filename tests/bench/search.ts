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

/** answers of the last run: how many of its queries returned rows, and how many rows on average */
let answered: { rows: number }[] = [];
const time = async (fn: () => Response | Promise<Response>) => {
  const t = performance.now();
  const res = await fn();
  const body = (await res.json()) as { code: number; data: { rows?: unknown[] } };
  if (body.code !== 200) throw new Error(`query failed: ${JSON.stringify(body)}`);
  const ms = performance.now() - t;
  answered.push({ rows: Array.isArray(body.data.rows) ? body.data.rows.length : 0 });
  return ms;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
};
const run = async (fn: () => Response | Promise<Response>) => {
  for (let i = 0; i < 20; i++) await time(fn);
  answered = [];
  const xs: number[] = [];
  for (let i = 0; i < iterations; i++) xs.push(await time(fn));
  return xs;
};
/** share of the measured queries that found rows, and their mean page length */
const found = () => ({
  nonempty: Number((answered.filter((a) => a.rows > 0).length / answered.length).toFixed(3)),
  rows: Number((answered.reduce((n, a) => n + a.rows, 0) / answered.length).toFixed(1)),
});

const oeBatch = await run(() => app.request('/api/search/oe', { method: 'POST', headers, body: JSON.stringify({ oe_list: Array.from({ length: 10 }, () => typed(pick())) }) }));
const oeExact = await run(() => app.request('/api/search/oe', { method: 'POST', headers, body: JSON.stringify({ oe_list: [typed(pick())] }) }));
const suggest = await run(() => {
  const oe = pick().replace(/[^0-9A-Za-z]/g, '');
  return app.request(`/api/search/instant?oe=${encodeURIComponent(oe.slice(0, 5 + Math.floor(rnd() * 3)))}`, { headers });
});

// Real-looking keywords, each of which finds stock (an empty answer is cheap and would flatter the
// figures): part names and their last 2 characters, brands, makes, a make or brand with a name.
const pairs = (await sql<{ make: string; brand: string | null; name: string }>`
  select m.name as make, b.name as brand, s.name from (select make_id, part_brand_id, name from stock tablesample system (1) limit 5000) s
  join make m on m.id = s.make_id left join part_brand b on b.id = s.part_brand_id`.execute(database.db)).rows;
const of = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
const phrase = () => {
  const p = of(pairs);
  const roll = rnd();
  if (roll < 0.35) return p.name;
  if (roll < 0.55) return p.name.slice(-2);
  if (roll < 0.7) return `${p.make} ${p.name}`;
  if (roll < 0.85 && p.brand) return `${p.brand} ${p.name.slice(-3)}`;
  return p.brand ?? p.make;
};
// fuzzy: the same words with their characters shuffled
const shuffled = (k: string) => k.split(' ').map((w) => (rnd() < 0.5 ? [...w].reverse().join('') : w)).join(' ');
const keyword = (k: string, mode: string, extra = '') => app.request(`/api/search/keyword?k=${encodeURIComponent(k)}&mode=${mode}${extra}`, { headers });
const kwExact = await run(() => keyword(phrase(), 'exact'));
const exactFound = found();
const kwFuzzy = await run(() => keyword(shuffled(phrase()), 'fuzzy'));
const fuzzyFound = found();
const kwOneChar = await run(() => keyword(of(pairs).name.slice(-1), rnd() < 0.5 ? 'exact' : 'fuzzy'));
const oneFound = found();
const kwTwoChar = await run(() => keyword(of(pairs).name.slice(-2), rnd() < 0.5 ? 'exact' : 'fuzzy'));
const twoFound = found();
// sorted by a price or quantity, with a price and stock range, as the results page asks
const sorts = ['price0', 'price99', 'quantity'];
const kwSorted = await run(() => keyword(phrase(), rnd() < 0.5 ? 'exact' : 'fuzzy',
  `&sort_field=${of(sorts)}&sort_order=${rnd() < 0.5 ? 'asc' : 'desc'}${rnd() < 0.5 ? '&price_colum_name=price0&min_price=50&max_price=800&min_stock_qty=1' : ''}`));
const sortedFound = found();

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
  keyword_2char_p95_ms: pct(kwTwoChar, 95),
  keyword_sorted_filtered_p95_ms: pct(kwSorted, 95),
  keyword_exact_nonempty: exactFound.nonempty, keyword_exact_rows_avg: exactFound.rows,
  keyword_fuzzy_nonempty: fuzzyFound.nonempty, keyword_fuzzy_rows_avg: fuzzyFound.rows,
  keyword_1char_nonempty: oneFound.nonempty, keyword_2char_nonempty: twoFound.nonempty,
  keyword_sorted_filtered_nonempty: sortedFound.nonempty,
  rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
};
await database.close();
await pglite?.close();
await drop?.();
console.log(JSON.stringify(result));
