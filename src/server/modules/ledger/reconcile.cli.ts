/**
 * `npm run reconcile [-- --fast]`: the ledger's reconciliation (docs/money.md, "Reconciliation")
 * against DATABASE_URL or the PGlite folder under DATA_DIR. Prints what it checked; exits 1 and
 * lists every problem when the ledger does not balance.
 */
import { join } from 'node:path';
import { parseEnv } from '../../env';
import { openDatabase } from '../../db/client';
import { reconcile } from './reconcile';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
if (args.some((a) => a !== '--fast')) {
  process.stderr.write('用法: npm run reconcile [-- --fast]\n');
  process.exit(2);
}
const env = parsed.env;
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'pglite') });
let failed = false;
try {
  const r = await reconcile(database.db, { fast: args.includes('--fast') }).catch((e: unknown) => {
    // 42P01: no ledger tables yet
    if ((e as { code?: string }).code === '42P01') {
      process.stderr.write('数据库尚未迁移到账目表，先运行 npm run db:migrate\n');
      process.exit(2);
    }
    throw e;
  });
  process.stdout.write(`${r.fast ? '快速' : '完整'}核对：${r.transactions} 笔交易，${r.accounts} 个账户\n`);
  if (r.ok) process.stdout.write('账目平衡：每笔交易合计为零，每个账户余额等于其分录之和，没有钱包低于零\n');
  else {
    failed = true;
    process.stdout.write(`账目核对未通过（${r.problems.length} 项）：\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
