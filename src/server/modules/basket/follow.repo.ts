/** 关注 (table follow): a user's followed sellers and parts (OE numbers), with what the follower last knew of a part. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const listOf = (db: Kysely<DB>, userId: number, kind: 'seller' | 'oe' | undefined, limit: number) => {
  let q = db.selectFrom('follow as f').leftJoin('company as c', 'c.id', 'f.seller_id')
    .select(['f.id', 'f.kind', 'f.seller_id', 'f.oe_norm', 'f.oe', 'f.name', 'f.low_fen', 'f.in_stock', 'f.created_at', 'c.short_name as seller_name'])
    .where('f.user_id', '=', userId);
  if (kind) q = q.where('f.kind', '=', kind);
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).execute();
};
export type FollowRow = Awaited<ReturnType<typeof listOf>>[number];

export const one = (db: Kysely<DB>, userId: number, target: { kind: 'seller'; seller_id: number } | { kind: 'oe'; oe_norm: string }) =>
  db.selectFrom('follow as f').leftJoin('company as c', 'c.id', 'f.seller_id')
    .select(['f.id', 'f.kind', 'f.seller_id', 'f.oe_norm', 'f.oe', 'f.name', 'f.low_fen', 'f.in_stock', 'f.created_at', 'c.short_name as seller_name'])
    .where('f.user_id', '=', userId)
    .where((eb) => target.kind === 'seller' ? eb.and([eb('f.kind', '=', 'seller'), eb('f.seller_id', '=', target.seller_id)]) : eb.and([eb('f.kind', '=', 'oe'), eb('f.oe_norm', '=', target.oe_norm)]))
    .executeTakeFirst();

export const countOf = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('follow').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n;

export const insert = (db: Kysely<DB>, row: { user_id: number; kind: 'seller' | 'oe'; seller_id: number | null; oe_norm: string | null; oe: string; name: string; low_fen: number | null; in_stock: boolean; now: Date }) =>
  sql`insert into follow (user_id, kind, seller_id, oe_norm, oe, name, low_fen, in_stock, created_at)
    values (${row.user_id}, ${row.kind}, ${row.seller_id}, ${row.oe_norm}, ${row.oe}, ${row.name}, ${row.low_fen}, ${row.in_stock}, ${row.now})
    on conflict do nothing`.execute(db);

export const remove = async (db: Kysely<DB>, id: number) => Number((await db.deleteFrom('follow').where('id', '=', id).executeTakeFirst()).numDeletedRows);

export const companyExists = async (db: Kysely<DB>, id: number) => !!(await db.selectFrom('company').select('id').where('id', '=', id).executeTakeFirst());

/**
 * Queues the followed numbers among these stock rows' and these numbers for the follow worker: one
 * insert, an indexed exists per number (follow_oe), no lock on any follow row; nothing when nobody
 * follows them.
 */
export const queueFollowed = (db: Kysely<DB>, stockIds: readonly number[], oes: readonly string[]) =>
  sql`insert into follow_change (oe_norm)
    select o.oe_norm from (
      select s.oe_norm from stock s where s.id = any(${sql.val([...stockIds])}::bigint[])
      union select unnest(${sql.val([...oes])}::text[])
    ) o
    where exists (select 1 from follow f where f.kind = 'oe' and f.oe_norm = o.oe_norm)
    order by o.oe_norm`.execute(db);

/** Up to `limit` numbers waiting in the queue, the longest waiting first (read only: each is taken by its own round). */
export const queuedOes = async (db: Kysely<DB>, limit: number) =>
  (await sql<{ oe_norm: string }>`select oe_norm from follow_change group by oe_norm order by min(id) limit ${limit}`.execute(db)).rows.map((r) => r.oe_norm);

/**
 * Takes this number's queued rows off the queue in the caller's transaction (rows another worker
 * holds are skipped; a rollback puts them back): how many were taken.
 */
export const claimChangesOf = async (db: Kysely<DB>, oe: string) =>
  Number((await sql`delete from follow_change
    where id in (select id from follow_change where oe_norm = ${oe} for update skip locked)`.execute(db)).numAffectedRows ?? 0n);

/** The follows of these numbers with the follower's company and its level, locked in id order (two workers never deadlock). */
export const oeFollowersForUpdate = (db: Kysely<DB>, oes: readonly string[]) =>
  sql<{ id: number; user_id: number; company_id: number; level_type: 'free' | 'paid'; oe_norm: string; oe: string; name: string; low_fen: number | null; in_stock: boolean; notified_day: string | null }>`
    select f.id::int as id, f.user_id, u.company_id, l.level_type, f.oe_norm, f.oe, f.name, f.low_fen, f.in_stock, f.notified_day
    from follow f
      join app_user u on u.id = f.user_id
      join company c on c.id = u.company_id
      join company_level l on l.id = c.level_id
    where f.kind = 'oe' and f.oe_norm = any(${sql.val([...oes])}::text[])
    order by f.id
    for update of f`.execute(db).then((r) => r.rows);

/** What each follower knows now, in one statement (`notified_day` null: unchanged). */
export const setSeenMany = async (db: Kysely<DB>, rows: ReadonlyArray<{ id: number; low_fen: number | null; in_stock: boolean; notified_day: string | null }>) => {
  if (rows.length === 0) return;
  await sql`update follow f set low_fen = v.low_fen, in_stock = v.in_stock, notified_day = coalesce(v.notified_day, f.notified_day)
    from unnest(${sql.val(rows.map((r) => r.id))}::bigint[], ${sql.val(rows.map((r) => r.low_fen))}::int[],
      ${sql.val(rows.map((r) => r.in_stock))}::boolean[], ${sql.val(rows.map((r) => r.notified_day))}::text[]) as v(id, low_fen, in_stock, notified_day)
    where f.id = v.id`.execute(db);
};
