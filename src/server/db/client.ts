/**
 * One database interface for both backends: Kysely's PostgresDialect over a pg.Pool. The pool
 * talks to a real PostgreSQL server (DATABASE_URL) or to embedded PGlite through our own
 * connection object (pglite-connection.ts, in place of PGlite's node-postgres shim; toolchain.md:
 * no extra dialect package).
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { DB } from './schema';
import { prioritisedPool } from './priority';
import { PgliteConnection } from './pglite-connection';
import { registerPglite } from './free-space-maps';

export type Backend = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  backend: Backend;
  close(): Promise<void>;
}

// bigint ids and counts arrive as strings by default; our counts stay far below 2^53
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite };

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  if ('databaseUrl' in opts) {
    // statement_timeout: no single statement holds a connection for more than 15 s;
    // every query of the app answers in milliseconds, so only a runaway one is cut
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, statement_timeout: 15_000 });
    // pg's pool.end() resolves before its sockets have closed; waiting for every client's 'end'
    // makes close() mean closed, so a following DROP DATABASE … WITH (FORCE) or process exit
    // never hits a half-closed connection. An idle connection the server drops (restart,
    // admin kill) is replaced on the next checkout: log it instead of crashing the process.
    const ended = new Set<Promise<void>>();
    pool.on('connect', (client) => {
      ended.add(new Promise((resolve) => client.once('end', () => resolve())));
      client.on('error', (e) => console.warn(`数据库连接错误: ${e.message}`));
    });
    pool.on('error', (e) => console.warn(`数据库连接池错误: ${e.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: prioritisedPool(pool, 10) }) });
    await sql`select 1`.execute(db);
    return {
      db,
      backend: 'postgres',
      close: async () => {
        await db.destroy();
        await Promise.all(ended);
      },
    };
  }
  const owned = !('pglite' in opts);
  if ('dataDir' in opts) mkdirSync(opts.dataDir, { recursive: true });
  const pglite = 'pglite' in opts ? opts.pglite : await PGlite.create(opts.dataDir);
  // A new WAL segment is taken as it is, not first filled with 16 MB of zeros: PGlite writes every
  // byte through Emscripten's file layer, and a large stock import wrote as many zeros as WAL
  // (docs/benchmarks.md#stock-import). PGlite is one session, so the setting holds for all its work.
  await pglite.exec('set wal_init_zero = off');
  // one connection, handed out in turns by priority (priority.ts); each statement's protocol
  // messages go to PGlite in one call (pglite-connection.ts)
  const pool = new pg.Pool({ max: 1, connection: new PgliteConnection(pglite) } as unknown as pg.PoolConfig);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: prioritisedPool(pool, 1) }) });
  registerPglite(db, pglite);
  return {
    db,
    backend: 'pglite',
    close: async () => {
      await db.destroy();
      // PGlite keeps the process alive for ~10 s unless closed
      if (owned) await pglite.close();
    },
  };
};

export const serverVersion = async (db: Kysely<DB>): Promise<string> => {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  return rows[0].v;
};
