/** Applies migrations/NNNN_*.sql in order, each in a transaction, recorded in schema_migration. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Several server processes may start at once on one database: the migrations run under a session
 * advisory lock on one connection, so the second process waits and then finds them applied.
 */
export const migrate = (db: Kysely<DB>): Promise<string[]> =>
  db.connection().execute(async (conn) => {
    // A migration (an index on a large table) and a second process waiting for the first one's
    // migrations may take longer than the pool's 15 s statement_timeout (client.ts), which is for
    // runaway request queries: off on this connection while migrating, back to the default after.
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`select pg_advisory_lock(hashtext('qipeihub migrate'))`.execute(conn);
    try {
      await sql`create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const { rows } = await sql<{ name: string }>`select name from schema_migration`.execute(conn);
      const done = new Set(rows.map((r) => r.name));
      const applied: string[] = [];
      for (const file of readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()) {
        if (done.has(file)) continue;
        const text = readFileSync(join(dir, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`insert into schema_migration (name) values (${file})`.execute(trx);
        });
        applied.push(file);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(hashtext('qipeihub migrate'))`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
    }
  });
