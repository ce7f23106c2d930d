/**
 * The database a benchmark runs on: embedded PGlite in a temporary folder, or (`pg`) a fresh
 * database on the PostgreSQL of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * made with LC_CTYPE 'C.UTF-8' from template0 as the tests make theirs. `cleanup` removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';

export const benchDatabase = async (prefix: string, usePostgres: boolean): Promise<{ database: Database; cleanup: () => Promise<unknown> }> => {
  if (!usePostgres) {
    const dir = mkdtempSync(join(tmpdir(), `qph-bench-${prefix}-`));
    return { database: await openDatabase({ dataDir: join(dir, 'pglite') }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `qph_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  await c.connect();
  await c.query(`create database ${name} lc_ctype 'C.UTF-8' template template0`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString() }),
    cleanup: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database ${name} with (force)`);
      await d.end();
    },
  };
};
