/**
 * Search benchmark: builds a fresh database with --rows stock rows (PGlite by default, or
 * --db postgres://… for a PostgreSQL server, where a fresh database is created and dropped), runs
 * each query type at least 200 times with varied real-looking inputs through the real app, and
 * prints one JSON object as its last line.
 *
 *   npm run bench:search -- --rows 1000000 [--db postgres://postgres@127.0.0.1:5432/postgres] [--iterations 200]
 *     [--compare [--naive-iterations 100] [--no-serve]] [--existing] [--slowest N]
 *
 * --compare adds, on the same database and the same keyword inputs, the obvious SQL implementation
 * (pg_trgm GIN + ILIKE), an in-process engine (MiniSearch, in a child process) and, on PGlite, the
 * real server's resident memory on a folder of the same size (tests/bench/compare/). --existing
 * (PGlite) measures on that folder (.tmp/bench-serve-N, seeded once and kept) instead of a fresh
 * in-memory database, saving the load; load_s is then null. With --db, --existing measures on the
 * PostgreSQL database the URL names, as it is (seeded once by an earlier run or by hand, kept).
 * --slowest N prints to stderr, per keyword type, its N slowest measured inputs with their times.
 * --again asks each measured keyword input a second time right after its first answer and adds
 * keyword_<type>_again_p95_ms: the same query with the pages it read now in memory. Where the
 * database is larger than the machine's memory (10M rows on PostgreSQL: 34 GB with migrations up
 * to 0282), the first figure includes reading index pages from disk and the second does not;
 * --slowest then prints both.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from '../../src/server/db/schema';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { prng } from '../../src/server/db/seed-catalogue';
import { createTrigramIndexes, dropTrigramIndexes, naiveSearch, type NaiveQuery } from './compare/naive';
import { startEngine } from './compare/engine-client';
import type { EngineQuery } from './compare/engine';
import { ensureServeData, measureServe, serveDataDir, type ServeRequest } from './compare/serve';
import { join } from 'node:path';
import { speedup, type Mode } from './compare/tokens';
import type { KeywordSortField } from '../../src/shared/contracts';
import type { PriceColumn } from '../../src/shared/domain/prices';

type KeywordType = 'exact' | 'fuzzy' | '1char' | '2char' | 'sorted_filtered' | 'filtered_price99' | 'sorted_other';
interface KeywordInput {
  k: string; mode: Mode;
  sort?: { field: KeywordSortField; order: 'asc' | 'desc' };
  /** a price range on a column (批发价 price0 when not said) and, where given, a least stock */
  filter?: { column?: PriceColumn; minPrice: number; maxPrice: number; minStock?: number };
}

const { values } = parseArgs({ options: {
  rows: { type: 'string', default: '100000' }, db: { type: 'string' }, iterations: { type: 'string', default: '200' },
  compare: { type: 'boolean', default: false }, 'naive-iterations': { type: 'string', default: '100' }, 'no-serve': { type: 'boolean', default: false },
  existing: { type: 'boolean', default: false }, slowest: { type: 'string', default: '0' }, again: { type: 'boolean', default: false },
} });
const naiveIterations = Number(values['naive-iterations']);
if (!Number.isInteger(naiveIterations) || naiveIterations < 20) {
  console.error('--naive-iterations 必须是不小于 20 的整数');
  process.exit(2);
}
const rows = Number(values.rows);
const iterations = Math.max(200, Number(values.iterations));
if (!Number.isInteger(rows) || rows < 1000) {
  console.error('--rows 必须是不小于 1000 的整数');
  process.exit(2);
}

let database: Database;
let drop: (() => Promise<void>) | undefined;
let pglite: PGlite | undefined;
let loadDb: Kysely<DB> | undefined;
if (values.db && values.existing) {
  // --existing with --db: the database named in the URL as it is (seeded once with the same --rows
  // and kept; its migrations brought up to date), not created or dropped
  loadDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: values.db, max: 2 }) }) });
  database = await openDatabase({ databaseUrl: values.db });
} else if (values.db) {
  const name = `qph_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values.db });
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  await admin.end();
  const url = new URL(values.db);
  url.pathname = `/${name}`;
  // loading a million rows, building the comparison's trigram indexes and its slowest queries are
  // slow statements on a busy machine: they run without the app's 15 s statement timeout, the
  // app's own searches through the database opened as the app opens it
  const loader = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }) });
  loadDb = loader;
  database = await openDatabase({ databaseUrl: url.toString() });
  drop = async () => {
    const a = new pg.Client({ connectionString: values.db });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  // the comparison's obvious implementation needs pg_trgm, which PGlite ships as a contrib extension
  const extensions = values.compare ? { pg_trgm: (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm } : undefined;
  // --existing: the folder the serve measurement uses (seeded once, kept), instead of a fresh database in memory
  if (values.existing) await ensureServeData(rows);
  pglite = values.existing ? await PGlite.create(join(serveDataDir(rows), 'pglite'), { extensions }) : await PGlite.create({ extensions });
  database = await openDatabase({ pglite });
}

const started = Date.now();
await migrate(loadDb ?? database.db);
const fresh = await seed(loadDb ?? database.db, { scryptN: 1024, stockRows: rows });
const loadS = (Date.now() - started) / 1000;
if (!fresh && !values.existing) throw new Error('数据库非空：基准测试需要新数据库');
console.error(fresh ? `loaded ${rows} stock rows in ${loadS.toFixed(1)} s on ${database.backend}` : `opened the existing ${rows}-row folder on ${database.backend}`);

// one user sending queries back to back, faster than a person: the request budgets would refuse them
const limits = { user: { perSecond: 1e6, burst: 1e6 }, address: { perSecond: 1e6, burst: 1e6 }, heavyAtOnce: 1000, heavyQueue: 1000 };
const { app } = createApp({ db: database.db, backend: database.backend, clock: { now: () => new Date() }, accessTtlSeconds: 3600, scryptN: 1024, limits });
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
const run = async (fn: () => Response | Promise<Response>, again?: { fn: () => Response | Promise<Response>; xs: number[] }) => {
  for (let i = 0; i < 20; i++) await time(fn);
  answered = [];
  const xs: number[] = [];
  for (let i = 0; i < iterations; i++) {
    xs.push(await time(fn));
    if (again) {
      // the same input once more, outside the found() counts
      const seen = answered.length;
      again.xs.push(await time(again.fn));
      answered.length = seen;
    }
  }
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
// The sample is repeatable: runs on the same database, or on copies of it (createdb -T), draw the
// same inputs, so a before and after compare the same queries.
const pairs = (await sql<{ make: string; brand: string | null; name: string }>`
  select m.name as make, b.name as brand, s.name from (select id, make_id, part_brand_id, name from stock tablesample system (1) repeatable (7) limit 5000) s
  join make m on m.id = s.make_id left join part_brand b on b.id = s.part_brand_id order by s.id`.execute(database.db)).rows;
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
// Every keyword query type is a list of inputs drawn once (warm-up first), so the comparison runs
// the very same ones (--compare).
const count = 20 + iterations;
const draw = (fn: () => KeywordInput) => Array.from({ length: count }, fn);
const sorts = ['price0', 'price99', 'quantity'] as const;
const kwInputs: Record<KeywordType, KeywordInput[]> = {
  exact: draw(() => ({ k: phrase(), mode: 'exact' })),
  fuzzy: draw(() => ({ k: shuffled(phrase()), mode: 'fuzzy' })),
  '1char': draw(() => ({ k: of(pairs).name.slice(-1), mode: rnd() < 0.5 ? 'exact' : 'fuzzy' })),
  '2char': draw(() => ({ k: of(pairs).name.slice(-2), mode: rnd() < 0.5 ? 'exact' : 'fuzzy' })),
  // sorted by a price or quantity, with a price and stock range, as the results page asks
  sorted_filtered: draw(() => ({
    k: phrase(), mode: rnd() < 0.5 ? 'exact' : 'fuzzy', sort: { field: of([...sorts]), order: rnd() < 0.5 ? 'asc' : 'desc' },
    ...(rnd() < 0.5 ? { filter: { minPrice: 5000, maxPrice: 80000, minStock: 1 } } : {}),
  })),
  // The results page's default price filter column is 标准价 (price99), and its default order is
  // relevance (rank_key: in stock first, then 批发价): a 标准价 range of 50-800 yuan, half of them
  // with 最低库存 1, in relevance order or sorted by 批发价, 标准价 or quantity; and relevance order
  // with a 批发价 range (the combinations sorted_filtered does not draw)
  filtered_price99: draw(() => {
    const field = of([undefined, ...sorts]);
    const column = field === undefined && rnd() < 0.25 ? 'price0' : 'price99';
    return {
      k: phrase(), mode: rnd() < 0.5 ? 'exact' : 'fuzzy', ...(field ? { sort: { field, order: rnd() < 0.5 ? 'asc' : 'desc' } } : {}),
      filter: { column, minPrice: 5000, maxPrice: 80000, ...(rnd() < 0.5 ? { minStock: 1 } : {}) },
    } satisfies KeywordInput;
  }),
  // The rest the page offers, which 0270-0282's walks serve, some passing the rows outside the range
  // first: half sorted by 名称 or a price
  // column other than 批发价 and 标准价 (零售价 is what a registered member sees besides 标准价),
  // with no range or a 标准价 or 零售价 one; half in relevance order or sorted by 批发价, 标准价 or
  // quantity with a range on another price (批发价含税, 零售价)
  sorted_other: draw(() => {
    const order = rnd() < 0.5 ? 'asc' as const : 'desc' as const;
    const other = rnd() < 0.5;
    const field = other ? of(['name', 'price1', 'price2', 'price3', 'price5'] as const) : of([undefined, ...sorts]);
    const column = other ? of([undefined, 'price99', 'price2'] as const) : of(['price1', 'price2', 'price3'] as const);
    return {
      k: phrase(), mode: rnd() < 0.5 ? 'exact' : 'fuzzy', ...(field ? { sort: { field, order } } : {}),
      ...(column ? { filter: { column, minPrice: 5000, maxPrice: 80000 } } : {}),
    } satisfies KeywordInput;
  }),
};
const keywordPath = (q: KeywordInput) => `/api/search/keyword?k=${encodeURIComponent(q.k)}&mode=${q.mode}${q.sort ? `&sort_field=${q.sort.field}&sort_order=${q.sort.order}` : ''}${
  q.filter ? `&price_colum_name=${q.filter.column ?? 'price0'}&min_price=${q.filter.minPrice}&max_price=${q.filter.maxPrice}${
    q.filter.minStock === undefined ? '' : `&min_stock_qty=${q.filter.minStock}`}` : ''}`;
/** --again: each keyword type's second answers, in the order of its measured inputs */
const againTimes: Partial<Record<KeywordType, number[]>> = {};
const runList = async (type: KeywordType) => {
  const qs = kwInputs[type];
  let i = 0;
  let last = '';
  const again = values.again ? { fn: () => app.request(last, { headers }), xs: [] as number[] } : undefined;
  const xs = await run(() => app.request(last = keywordPath(qs[i++]), { headers }), again);
  if (again) againTimes[type] = again.xs;
  return xs;
};
const kwExact = await runList('exact');
const exactFound = found();
const kwFuzzy = await runList('fuzzy');
const fuzzyFound = found();
const kwOneChar = await runList('1char');
const oneFound = found();
const kwTwoChar = await runList('2char');
const twoFound = found();
const kwSorted = await runList('sorted_filtered');
const sortedFound = found();
const kwPrice99 = await runList('filtered_price99');
const price99Found = found();
// the measured ones of them sorted by 批发价 (a quarter; the run's first 20 inputs warm up)
const kwPrice99ByPrice0 = kwPrice99.filter((_, i) => kwInputs.filtered_price99[20 + i].sort?.field === 'price0');
const kwOther = await runList('sorted_other');
const otherFound = found();
const slowest = Number(values.slowest);
if (slowest > 0) {
  const measured: [KeywordType, number[]][] = [['exact', kwExact], ['fuzzy', kwFuzzy], ['1char', kwOneChar], ['2char', kwTwoChar],
    ['sorted_filtered', kwSorted], ['filtered_price99', kwPrice99], ['sorted_other', kwOther]];
  for (const [type, xs] of measured) {
    // the measured ones are the inputs after the 20 warm-up ones
    const worst = xs.map((ms, i) => ({ ms, i, input: kwInputs[type][20 + i] })).sort((a, b) => b.ms - a.ms).slice(0, slowest);
    const second = againTimes[type];
    for (const w of worst) console.error(`slowest ${type} ${w.ms.toFixed(1)} ms${second ? ` (again ${second[w.i].toFixed(1)} ms)` : ''} ${keywordPath(w.input)}`);
  }
}
const ours: Record<KeywordType, number> = {
  exact: pct(kwExact, 95), fuzzy: pct(kwFuzzy, 95), '1char': pct(kwOneChar, 95), '2char': pct(kwTwoChar, 95), sorted_filtered: pct(kwSorted, 95),
  filtered_price99: pct(kwPrice99, 95), sorted_other: pct(kwOther, 95),
};

/**
 * --compare: the same inputs through the obvious SQL implementation (pg_trgm + ILIKE, same order,
 * same page, same capped count, same full rows) and an in-process engine (MiniSearch, in a child
 * process); on PGlite also the real server's memory on a folder of the same size.
 */
const types: KeywordType[] = ['exact', 'fuzzy', '1char', '2char', 'sorted_filtered', 'filtered_price99'];
/** the compared types' inputs: sorted by 批发价, 标准价 or quantity, filtered on 批发价 or 标准价 (sorted_other is not compared) */
const comparable = (qs: KeywordInput[]) => qs as (NaiveQuery & EngineQuery)[];
const compared: Record<string, number | null> = {};
if (values.compare) {
  const indexS = await createTrigramIndexes(loadDb ?? database.db);
  console.error(`pg_trgm indexes in ${indexS.toFixed(1)} s`);
  compared.naive_index_s = Number(indexS.toFixed(1));
  for (const type of types) {
    const qs = comparable(kwInputs[type]);
    for (const q of qs.slice(0, 5)) await naiveSearch(loadDb ?? database.db, q);
    const xs: number[] = [];
    let nonempty = 0;
    for (const q of qs.slice(20, 20 + naiveIterations)) {
      const t = performance.now();
      const r = await naiveSearch(loadDb ?? database.db, q);
      xs.push(performance.now() - t);
      if (r.rows > 0) nonempty++;
    }
    compared[`naive_keyword_${type}_p95_ms`] = pct(xs, 95);
    compared[`speedup_vs_naive_keyword_${type}`] = speedup(pct(xs, 95), ours[type]);
    compared[`naive_keyword_${type}_nonempty`] = Number((nonempty / xs.length).toFixed(3));
    console.error(`naive ${type}: p95 ${pct(xs, 95)} ms`);
  }
  const engine = await startEngine(database.db);
  console.error(`engine: ${engine.docs} rows indexed in ${engine.build_s} s, ${engine.rss_mb} MB`);
  compared.engine_build_s = engine.build_s;
  compared.engine_rss_mb = engine.rss_mb;
  for (const type of types) {
    const r = await engine.run(comparable(kwInputs[type]));
    const xs = r.ms.slice(20);
    compared[`engine_keyword_${type}_p95_ms`] = pct(xs, 95);
    compared[`engine_keyword_${type}_nonempty`] = Number((r.rows.slice(20).filter((n) => n > 0).length / xs.length).toFixed(3));
    // above 1: ours is faster than the engine
    compared[`engine_vs_ours_keyword_${type}`] = speedup(pct(xs, 95), ours[type]);
  }
  engine.stop();
  // the kept folder goes back to what the app makes
  if (values.existing) await dropTrigramIndexes(database.db);
}

const result = {
  rows,
  backend: database.backend,
  load_s: fresh ? Number(loadS.toFixed(1)) : null,
  oe_batch10_p50_ms: pct(oeBatch, 50),
  oe_batch10_p95_ms: pct(oeBatch, 95),
  oe_exact_p95_ms: pct(oeExact, 95),
  suggest_p95_ms: pct(suggest, 95),
  keyword_exact_p95_ms: pct(kwExact, 95),
  keyword_fuzzy_p95_ms: pct(kwFuzzy, 95),
  keyword_1char_p95_ms: pct(kwOneChar, 95),
  keyword_2char_p95_ms: pct(kwTwoChar, 95),
  keyword_sorted_filtered_p95_ms: pct(kwSorted, 95),
  keyword_filtered_price99_p95_ms: pct(kwPrice99, 95),
  keyword_sorted_other_p95_ms: pct(kwOther, 95),
  keyword_exact_p50_ms: pct(kwExact, 50),
  keyword_sorted_filtered_p50_ms: pct(kwSorted, 50),
  keyword_filtered_price99_p50_ms: pct(kwPrice99, 50),
  keyword_sorted_other_p50_ms: pct(kwOther, 50),
  keyword_filtered_price99_by_price0_p50_ms: pct(kwPrice99ByPrice0, 50),
  keyword_filtered_price99_by_price0_p95_ms: pct(kwPrice99ByPrice0, 95),
  keyword_filtered_price99_by_price0_count: kwPrice99ByPrice0.length,
  keyword_exact_nonempty: exactFound.nonempty, keyword_exact_rows_avg: exactFound.rows,
  keyword_fuzzy_nonempty: fuzzyFound.nonempty, keyword_fuzzy_rows_avg: fuzzyFound.rows,
  keyword_1char_nonempty: oneFound.nonempty, keyword_2char_nonempty: twoFound.nonempty,
  keyword_sorted_filtered_nonempty: sortedFound.nonempty,
  keyword_filtered_price99_nonempty: price99Found.nonempty, keyword_sorted_other_nonempty: otherFound.nonempty,
  ...Object.fromEntries(Object.entries(againTimes).map(([type, xs]) => [`keyword_${type}_again_p95_ms`, pct(xs, 95)])),
  rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  ...compared,
};
await loadDb?.destroy();
await database.close();
await pglite?.close();
await drop?.();

// the real server on a PGlite folder of the same size, started on existing data, after 200 mixed searches
let serve: Record<string, number> = {};
if (values.compare && !values['no-serve'] && !values.db) {
  const seeded = await ensureServeData(rows);
  const requests: ServeRequest[] = Array.from({ length: 200 }, (_, i): ServeRequest => {
    const q = kwInputs[types[i % types.length]][20 + Math.floor(i / types.length)];
    switch (i % 8) {
      case 5: return { path: '/api/search/oe', body: { oe_list: Array.from({ length: 10 }, () => typed(pick())) } };
      case 6: return { path: '/api/search/oe', body: { oe_list: [typed(pick())] } };
      case 7: return { path: `/api/search/instant?oe=${encodeURIComponent(pick().replace(/[^0-9A-Za-z]/g, '').slice(0, 6))}` };
      default: return { path: keywordPath(q) };
    }
  });
  serve = { ...(seeded.seeded_s ? { serve_seed_s: seeded.seeded_s } : {}), ...(await measureServe(rows, requests)) };
}
console.log(JSON.stringify({ ...result, ...serve, loadavg: os.loadavg().map((l) => Number(l.toFixed(2))) }));
