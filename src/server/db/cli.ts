/**
 * `npm run db:migrate` / `npm run db:seed [-- --rows N]` against DATABASE_URL or the PGlite folder
 * under DATA_DIR. `--rows N` seeds N stock rows (default 20,000) into an empty database.
 */
import { join } from 'node:path';
import { parseEnv } from '../env';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed';
import { parseSeedOptions } from './seed-options';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'seed') {
  process.stderr.write('用法: tsx src/server/db/cli.ts migrate|seed [--rows N]\n');
  process.exit(2);
}
const options = command === 'seed' ? parseSeedOptions(args) : args.length ? { ok: false as const, message: 'migrate 不接受参数' } : undefined;
if (options && !options.ok) {
  process.stderr.write(`${options.message}\n`);
  process.exit(2);
}
const { env } = parsed;
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'pglite') });
try {
  const applied = await migrate(database.db);
  process.stdout.write(applied.length ? `已应用迁移: ${applied.join(', ')}\n` : '数据库已是最新\n');
  if (options?.ok) {
    const started = Date.now();
    if (await seed(database.db, { stockRows: options.stockRows })) {
      process.stdout.write(`已写入演示数据（${options.stockRows} 条库存，${((Date.now() - started) / 1000).toFixed(1)} 秒）\n`);
    } else {
      process.stdout.write(options.rowsGiven ? '数据库非空，跳过演示数据：--rows 只作用于空数据库（换一个 DATA_DIR 或新的 DATABASE_URL）\n' : '数据库非空，跳过演示数据\n');
    }
  }
} finally {
  await database.close();
}
