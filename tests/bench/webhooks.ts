/**
 * npm run bench:webhooks — webhook deliveries per second (docs/open-platform.md, "Webhooks"):
 * `--events` order.created events enqueued in one transaction for one endpoint, then the worker
 * (or `--workers` of them at once, as several server processes would) claims them with FOR UPDATE
 * SKIP LOCKED, posts each signed to a local node:http receiver on 127.0.0.1 that answers 200,
 * and marks it done with its attempt logged. Every delivery must reach the receiver exactly once.
 * Prints one JSON line.
 *
 *   npm run bench:webhooks -- [--events 2000] [--concurrency 8] [--workers 1] [--pg]
 *
 * Embedded PGlite in a temporary folder by default; --pg makes a fresh database on the PostgreSQL
 * of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and drops it after.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db';
import { migrate } from '../../src/server/db/migrate';
import { inTransaction } from '../../src/server/db/helpers';
import { enqueueWebhookEvent } from '../../src/server/modules/webhook/webhook.service';
import { createWebhookWorker } from '../../src/server/modules/webhook/webhook.worker';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '8' },
    workers: { type: 'string', default: '1' }, pg: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const CONCURRENCY = Number(values.concurrency);
const WORKERS = Number(values.workers);

const { database, cleanup } = await benchDatabase('wh', values.pg);

const seen = new Map<string, number>();
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['x-qipei-delivery']);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const db = database.db;
try {
  await migrate(db);
  await sql`insert into company_level (name, level_type, employee_limit, stock_per_day, vin_type) values ('压测等级', 'paid', 10, 100, 'count') on conflict (name) do nothing`.execute(db);
  const level = (await sql<{ id: number }>`select id from company_level where name = '压测等级'`.execute(db)).rows[0].id;
  const company = (await sql<{ id: number }>`insert into company (name, short_name, level_id) values ('压测企业', '压测', ${level}) returning id`.execute(db)).rows[0].id;
  const user = (await sql<{ id: number }>`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner)
    values (gen_random_uuid(), ${company}, 'bench-webhook', '压测', 'x', true) returning id`.execute(db)).rows[0].id;
  await sql`insert into webhook_endpoint (company_id, url, events, secret, created_by) values (${company}, ${url}, '{order.created}', 'whsec_bench', ${user})`.execute(db);
  const clock = { now: () => new Date() };
  const t0 = performance.now();
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < EVENTS; i++) await enqueueWebhookEvent(trx, { event: 'order.created', companyIds: [company], data: { order_no: `SO-BENCH-${i}` }, at: clock.now() });
  });
  const enqueueMs = performance.now() - t0;
  const workers = Array.from({ length: WORKERS }, () => createWebhookWorker({ db, clock, allowLoopback: true, concurrency: CONCURRENCY }));
  const t1 = performance.now();
  const sent = (await Promise.all(workers.map((w) => w.runOnce()))).reduce((a, b) => a + b, 0);
  const sendMs = performance.now() - t1;
  const done = (await sql<{ n: number }>`select count(*)::int as n from webhook_delivery where state = 'done'`.execute(db)).rows[0].n;
  const twice = [...seen.values()].filter((n) => n > 1).length;
  const line = {
    bench: 'webhooks', backend: database.backend, events: EVENTS, workers: WORKERS, concurrency: CONCURRENCY,
    enqueue_per_s: Math.round(EVENTS / (enqueueMs / 1000)), deliveries_per_s: Math.round(sent / (sendMs / 1000)),
    sent, done, received: seen.size, received_twice: twice, load: Number(loadavg()[0].toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  if (done !== EVENTS || seen.size !== EVENTS || twice !== 0) {
    process.stderr.write('FAILED: every delivery must reach the receiver exactly once and be done\n');
    process.exitCode = 1;
  }
} finally {
  receiver.close();
  await database.close();
  await cleanup();
}
