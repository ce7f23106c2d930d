/** Applies migrations/NNNN_*.sql in order, each in a transaction, recorded in schema_migration. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export const migrate = async (db: Kysely<DB>): Promise<string[]> => {
  await sql`create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const { rows } = await sql<{ name: string }>`select name from schema_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()) {
    if (done.has(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`insert into schema_migration (name) values (${file})`.execute(trx);
    });
    applied.push(file);
  }
  return applied;
};
