/**
 * Changes feeds over a `changed_at` column stamped by trigger with the writing transaction's start
 * (migration 0380; docs/open-platform.md, "Partner calls"): keyset pages in (changed_at, id) order
 * that hand out only settled rows, so a transaction committing late never lands behind a cursor.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** A microsecond count since the epoch (decimal text) as a timestamptz, in integer arithmetic (exact). */
export const fromMicros = (us: string) =>
  sql`('epoch'::timestamptz + (${us}::bigint / 1000000) * interval '1 second' + (${us}::bigint % 1000000) * interval '1 microsecond')`;

/** A timestamptz column as microseconds since the epoch, decimal text (a cursor's exact position). */
export const micros = (column: string) => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;

/**
 * The feeds' horizon: the start of the oldest transaction still running in this database (every
 * row it writes is stamped with that start), less a margin for a transaction that has begun but is
 * not listed yet; now() less the margin when none runs. Rows changed before it are settled: no
 * transaction can still add a row before it.
 */
export const CHANGE_MARGIN_MS = 100;
export const changeHorizon = sql`(least(now(), coalesce((select min(xact_start) from pg_stat_activity
  where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()), now())) - ${CHANGE_MARGIN_MS} * interval '1 millisecond')`;

/**
 * The horizon, in microseconds since the epoch (decimal text), read by a statement of its own that
 * runs BEFORE the page's statement; the page then takes `changed_at < fromMicros(horizon)`
 * (docs/open-platform.md, "Partner calls", the changes feed). Read inside the page's statement
 * instead, pg_stat_activity is looked at after the page's snapshot was taken: a writer unseen by
 * that snapshot could commit in between, be missing from pg_stat_activity, and the horizon would
 * pass its stamp — its row skipped for ever. Read before: a writer running at that moment holds
 * the horizon at its start; one that committed before it is seen by the page's later snapshot; one
 * that starts after it stamps its rows later than the horizon. Never inside a transaction (its
 * snapshot, and pg_stat_activity's per-transaction copy, would be older than the page's).
 */
export const readChangeHorizon = async (db: Kysely<DB>): Promise<string> => {
  if (db.isTransaction) throw new Error('the changes feed reads its horizon outside a transaction (db/changes.ts)');
  return (await sql<{ us: string }>`select (extract(epoch from ${changeHorizon}) * 1000000)::bigint::text as us`.execute(db)).rows[0].us;
};
