/** Small pieces every repository and service shares: transactions, LIKE patterns, wire timestamps. */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Runs in the caller's transaction (idempotent calls get one) or opens its own. */
export const inTransaction = <T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/** Escapes LIKE's wildcards in user text (the default escape character is the backslash). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A timestamp as the wire carries it: unix seconds; 0 for none. */
export const unix = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);
