/**
 * Bulk import benchmark: `npm run bench:import -- --rows 100000 [--backend pglite|postgres]`.
 * Writes a CSV of that many stock lines to a temp file, uploads it to an in-process app (the file
 * streamed as the request body), runs the import and prints one JSON line: rows, seconds (upload
 * to done), rows_per_s, this process's CPU time over the same span (cpu_s: user + system, the
 * database's work included on PGlite only; on a busy machine it varies less than the seconds do),
 * the process's peak resident memory during the import (rss_mb) and its growth over the resident
 * memory before the upload (rss_growth_mb). Not a test: nothing fails.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, backend: { type: 'string', default: 'pglite' } } });
const rows = Number(values.rows);
const backend = values.backend === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dir = mkdtempSync(join(tmpdir(), 'qph-bench-import-'));

let database: Database;
let pglite: PGlite | undefined;
let dbName = '';
if (backend === 'postgres') {
  dbName = `qph_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  database = await openDatabase({ databaseUrl: url.toString() });
} else {
  pglite = await PGlite.create(join(dir, 'pglite'));
  database = await openDatabase({ pglite });
}
await migrate(database.db);
// the reference lists (brands, qualities, makes) come with the catalogue the seed generates
await seed(database.db, { now: new Date(), scryptN: 1024, stockRows: 1000 });
const { app, stockImport } = createApp({ db: database.db, backend: database.backend, clock: { now: () => new Date() }, accessTtlSeconds: 3600, scryptN: 1024, uploadDir: join(dir, 'uploads') });

const brands = (await sql<{ name: string }>`select name from part_brand order by id limit 50`.execute(database.db)).rows.map((r) => r.name);
const qualities = (await sql<{ name: string }>`select name from part_quality order by id`.execute(database.db)).rows.map((r) => r.name);
const makes = (await sql<{ name: string }>`select name from make order by id limit 30`.execute(database.db)).rows.map((r) => r.name);
const names = ['前刹车片', '机油滤清器', '空气滤清器', '火花塞', '正时皮带', '水泵', '减震器', '雨刮片', '大灯总成', '节温器'];
const file = join(dir, 'stock.csv');
const out = createWriteStream(file);
out.write('\uFEFFOE号,配件名称,配件品牌,品质,车型品牌,自编码,库存数量,批发价(不含税),零售价,备注\r\n');
for (let i = 0; i < rows; i++) {
  const line = `BX${String(i).padStart(8, '0')},${names[i % names.length]},${brands[i % brands.length]},${qualities[i % qualities.length]},${makes[i % makes.length]},K${i},${i % 500},${(10 + (i % 900)).toFixed(2)},${(15 + (i % 900)).toFixed(2)},批量导入\r\n`;
  if (!out.write(line)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');

const login = await app.request('/api/user/auth', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'seller', password: 'demo123456' }) });
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const auth = { authorization: `Bearer ${token}` };

global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const up = await app.request('/api/stock/import/upload?name=stock.csv', {
  method: 'POST', headers: { ...auth, 'content-length': String(statSync(file).size) },
  body: Readable.toWeb(createReadStream(file)) as ReadableStream, duplex: 'half',
} as RequestInit);
const uploaded = (await up.json()) as { code: number; data: { import_id: number; mapping: Record<string, string> }; client_msg?: string };
if (uploaded.code !== 200) throw new Error(`upload refused: ${uploaded.client_msg}`);
const start = await app.request('/api/stock/import/start', {
  method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ import_id: uploaded.data.import_id, mapping: uploaded.data.mapping }),
});
if (((await start.json()) as { code: number }).code !== 200) throw new Error('start refused');
// a request answered while the import runs: the app stays usable
const during = performance.now();
await app.request('/api/stock/list', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
const listMs = performance.now() - during;
await stockImport.settled(uploaded.data.import_id);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
const status = (await (await app.request(`/api/stock/import/status/${uploaded.data.import_id}`, { headers: auth })).json()) as { data: Record<string, unknown> };
console.log(JSON.stringify({
  backend, rows, seconds: Number(seconds.toFixed(1)), rows_per_s: Math.round(rows / seconds), cpu_s: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
  rss_mb: Math.round(peak / 1048576), rss_growth_mb: Math.round((peak - baseline) / 1048576), list_during_import_ms: Math.round(listMs),
  added: status.data.added, failed: status.data.failed, state: status.data.state,
}));
if (Number(status.data.failed) > 0) {
  const err = await app.request(`/api/stock/import/errors/${uploaded.data.import_id}`, { headers: auth });
  console.error('first refused lines:', (await err.text()).split('\r\n').slice(0, 3).join('\n'));
}
await database.close();
await pglite?.close();
if (dbName) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
rmSync(dir, { recursive: true, force: true });
