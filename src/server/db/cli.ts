/** `npm run db:migrate` / `npm run db:seed` against DATABASE_URL or the PGlite folder under DATA_DIR. */
import { join } from 'node:path';
import { parseEnv } from '../env';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  process.stderr.write('用法: tsx src/server/db/cli.ts migrate|seed\n');
  process.exit(2);
}
const { env } = parsed;
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'pglite') });
try {
  const applied = await migrate(database.db);
  process.stdout.write(applied.length ? `已应用迁移: ${applied.join(', ')}\n` : '数据库已是最新\n');
  if (command === 'seed') process.stdout.write((await seed(database.db)) ? '已写入演示数据\n' : '数据库非空，跳过演示数据\n');
} finally {
  await database.close();
}
