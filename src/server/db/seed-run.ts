/** Migrates and seeds the configured database (DATABASE_URL or the PGlite folder under DATA_DIR), printing what it did. */
import { join } from 'node:path';
import type { Env } from '../env';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

export const migrateAndSeed = async (env: Env, opts: { seed: false } | { seed: true; stockRows: number; rowsGiven: boolean }) => {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'pglite') });
  try {
    const applied = await migrate(database.db);
    process.stdout.write(applied.length ? `已应用迁移: ${applied.join(', ')}\n` : '数据库已是最新\n');
    if (!opts.seed) return;
    const started = Date.now();
    // a large seed runs for minutes: say where it is (stderr, so stdout stays the result)
    const onProgress = opts.stockRows >= 100_000
      ? (text: string) => process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s  ${text}\n`) : undefined;
    if (await seed(database.db, { stockRows: opts.stockRows, onProgress })) {
      process.stdout.write(`已写入演示数据（${opts.stockRows} 条库存，${((Date.now() - started) / 1000).toFixed(1)} 秒）\n`);
    } else {
      process.stdout.write(opts.rowsGiven ? '数据库非空，跳过演示数据：--rows 只作用于空数据库（换一个 DATA_DIR 或新的 DATABASE_URL）\n' : '数据库非空，跳过演示数据\n');
    }
  } finally {
    await database.close();
  }
};
