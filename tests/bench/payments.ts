/**
 * npm run bench:payments — payments per second through the money ledger (docs/money.md): many
 * company wallets, each credited by a recharge, then order payments (wallet → platform clearing)
 * from wallets picked at random, `--concurrency` at a time, each one a real posting with its
 * idempotency key, locked accounts, the balance check and the database's balancing triggers.
 * Some wallets are drained on purpose, so 余额不足 refusals are part of the load. At the end the
 * full reconciliation must pass. Prints one JSON line.
 *
 *   npm run bench:payments -- [--wallets 200] [--payments 5000] [--concurrency 16] [--pg]
 *
 * Embedded PGlite in a temporary folder by default; --pg makes a fresh database on the PostgreSQL
 * of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and drops it after.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db';
import { migrate } from '../../src/server/db/migrate';
import { createLedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';

const { values } = parseArgs({
  options: {
    wallets: { type: 'string', default: '200' }, payments: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '16' }, pg: { type: 'boolean', default: false },
  },
});
const WALLETS = Number(values.wallets);
const PAYMENTS = Number(values.payments);
const CONCURRENCY = Number(values.concurrency);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const round = (n: number) => Number(n.toFixed(2));

const { database, cleanup } = await benchDatabase('pay', values.pg);

const db = database.db;
try {
  await migrate(db);
  await sql`insert into company_level (name, level_type, employee_limit, stock_per_day, vin_type) values ('压测等级', 'paid', 10, 100, 'count')
    on conflict (name) do nothing`.execute(db);
  const level = (await sql<{ id: number }>`select id from company_level where name = '压测等级'`.execute(db)).rows[0].id;
  const ids = (await sql<{ id: number }>`insert into company (name, short_name, level_id)
    select '压测企业' || g, '压测' || g, ${level} from generate_series(1, ${WALLETS}) g returning id`.execute(db)).rows.map((r) => r.id);

  const ledger = createLedgerService({ now: () => new Date() });
  // every wallet gets ¥1,000; a tenth of them only ¥5, so they run dry and are refused
  const t0 = performance.now();
  for (const [i, id] of ids.entries()) {
    const amount = i % 10 === 0 ? 500 : 100_000;
    await ledger.post(db, {
      kind: 'recharge', reference: `RC-bench-${id}`, idempotency_key: `bench-recharge:${id}`, created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -amount }, { account: { kind: 'wallet_available', company_id: id }, amount_fen: amount }],
    });
  }
  const rechargeMs = performance.now() - t0;

  let next = 0;
  let paid = 0;
  let refused = 0;
  const times: number[] = [];
  const worker = async () => {
    while (next < PAYMENTS) {
      const n = next++;
      const company = ids[Math.floor(Math.random() * ids.length)];
      const amount = 100 + Math.floor(Math.random() * 900);
      const t = performance.now();
      try {
        await ledger.post(db, {
          kind: 'order_payment', reference: `OP-bench-${n}`, idempotency_key: `bench-pay:${n}`, created_by: null,
          lines: [{ account: { kind: 'wallet_available', company_id: company }, amount_fen: -amount }, { account: { kind: 'platform_clearing' }, amount_fen: amount }],
        });
        paid += 1;
      } catch (e) {
        if ((e as { httpStatus?: number }).httpStatus !== 409) throw e;
        refused += 1;
      }
      times.push(performance.now() - t);
    }
  };
  const t1 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const payMs = performance.now() - t1;

  const t2 = performance.now();
  const check = await reconcile(db);
  const reconcileMs = performance.now() - t2;
  const below = (await sql<{ n: number }>`select count(*)::int as n from ledger_account where kind <> 'provider' and balance_fen < 0`.execute(db)).rows[0].n;

  console.log(JSON.stringify({
    backend: values.pg ? 'postgres' : 'pglite', wallets: WALLETS, payments: PAYMENTS, concurrency: CONCURRENCY,
    recharges_per_s: round(WALLETS / (rechargeMs / 1000)),
    payments_per_s: round(PAYMENTS / (payMs / 1000)), paid, refused_insufficient: refused,
    p50_ms: round(pct(times, 50)), p95_ms: round(pct(times, 95)),
    reconcile_ok: check.ok, reconcile_ms: round(reconcileMs), transactions: check.transactions, wallets_below_zero: below,
    load: round(loadavg()[0]),
  }));
  if (!check.ok || below > 0) process.exitCode = 1;
} finally {
  await database.close();
  await cleanup();
}
