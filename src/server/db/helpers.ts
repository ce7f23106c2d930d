/** Small pieces every repository and service shares: transactions, LIKE patterns, wire timestamps. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema';

/** Runs in the caller's transaction (idempotent calls get one) or opens its own. */
export const inTransaction = <T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/**
 * The rows of a wide select as one JSON value. Embedded PGlite decodes every field of
 * an answer in JavaScript on the event loop's thread: 800 stock rows of 45 columns were 36,000
 * field decodes, most of a heavy search's database time. As one json value the rows are one
 * field, built by PostgreSQL in C and read by one JSON.parse. Only for selects whose columns are
 * text, booleans and integers that fit a double (the same values pg hands out; timestamps
 * would arrive as ISO strings instead of Date). `order` keeps the select's order, since a
 * subquery's ORDER BY does not bind the aggregate.
 */
export const jsonRows = async <T>(db: Kysely<DB>, select: RawBuilder<unknown>, order?: RawBuilder<unknown>): Promise<T[]> => {
  const { rows } = await sql<{ r: T[] }>`
    select coalesce(json_agg(q ${order ? sql`order by ${order}` : sql``}), '[]'::json) as r from (${select}) q`.execute(db);
  return rows[0].r;
};

/** Escapes LIKE's wildcards in user text (the default escape character is the backslash). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The column holds the text anywhere, ignoring case under the database's own rules: stock's name,
 * vehicle and OE number compare byte by byte (COLLATE "C", migration 0280), under which ILIKE
 * folds ASCII letters only (ＡＢＳ would not find ａｂｓ).
 */
export const containsIgnoringCase = (column: RawBuilder<unknown>, text: string) =>
  sql`(${column}) collate "default" ilike ${`%${likeEscape(text)}%`}`;

/** A timestamp as the wire carries it: unix seconds; 0 for none. */
export const unix = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);
