/**
 * npm run bench:open-sync — stock sync lines per second through the open platform's partner
 * service (docs/open-platform.md, "Partner calls"): a seller with `--rows` stock rows carrying
 * their own codes (自编码), then `--batches` sync batches of `--lines` lines each (quantity and a
 * price per line, every 100th line bad), applied in parts of 2,000 lines with the stock service's
 * rules, the change log and the batch records. Prints one JSON line per backend: lines per second
 * by the wall clock and by this process's CPU time (PGlite runs in this process, so the CPU figure
 * is the one that holds on a busy machine).
 *
 *   npm run bench:open-sync -- [--rows 20000] [--lines 10000] [--batches 3] [--pg]
 *
 * Embedded PGlite in a temporary folder always; with --pg also a fresh database on the PostgreSQL
 * of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { createOpenPartnerService } from '../../src/server/modules/open-partner/open-partner.service';
import type { OrdersService } from '../../src/server/modules/orders/orders.service';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' }, lines: { type: 'string', default: '10000' }, batches: { type: 'string', default: '3' },
    pg: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const LINES = Number(values.lines);
const BATCHES = Number(values.batches);
const SELLER = 2;

const run = async (backend: 'pglite' | 'postgres', usePostgres: boolean) => {
  const { database, cleanup } = await benchDatabase('open', usePostgres);
  try {
    const db = database.db;
    await migrate(db);
    await seed(db, { stockRows: 10, scryptN: 1024 });
    await sql`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, default_code, quantity, price0)
      select ${SELLER}, 'BENCH' || lpad(g::text, 7, '0'), 'BENCH-' || lpad(g::text, 7, '0'), '同步基准件', 1, 'B-' || lpad(g::text, 7, '0'), 10, 1000
      from generate_series(1, ${ROWS}) g`.execute(db);
    const svc = createOpenPartnerService({ clock: { now: () => new Date() }, orders: {} as OrdersService });
    const open = { keyId: 'bench', companyId: SELLER, scopes: ['stock:write' as const] };
    let applied = 0;
    let refused = 0;
    const wall = performance.now();
    const cpu = process.cpuUsage();
    for (let b = 0; b < BATCHES; b++) {
      const lines = Array.from({ length: LINES }, (_, i) => {
        const n = ((b * LINES + i) % ROWS) + 1;
        return i % 100 === 99 ? { code: `B-${String(n).padStart(7, '0')}`, quantity: -1 } : { code: `B-${String(n).padStart(7, '0')}`, quantity: (n + b) % 500, price0: 1000 + b };
      });
      const r = await svc.stockSync(db, open, { batch_id: `bench-${b}-${randomBytes(4).toString('hex')}`, lines });
      applied += r.applied;
      refused += r.refused;
    }
    const ms = performance.now() - wall;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const total = LINES * BATCHES;
    console.log(JSON.stringify({
      bench: 'open-sync', backend, rows: ROWS, lines_per_batch: LINES, batches: BATCHES, applied, refused,
      seconds: Number((ms / 1000).toFixed(2)), lines_per_second: Math.round(total / (ms / 1000)),
      process_cpu_seconds: Number((cpuMs / 1000).toFixed(2)), lines_per_cpu_second: Math.round(total / (cpuMs / 1000)),
      cpus: cpus().length, load: loadavg().map((x) => Number(x.toFixed(2))), node: process.version, at: new Date().toISOString(),
    }));
  } finally {
    await database.close();
    await cleanup();
  }
};

await run('pglite', false);
if (values.pg) {
  const probe = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 1500 });
  const answers = await probe.connect().then(() => true, () => false);
  await probe.end().catch(() => undefined);
  if (answers) await run('postgres', true);
  else console.log(JSON.stringify({ bench: 'open-sync', backend: 'postgres', skipped: 'no PostgreSQL answers' }));
}
