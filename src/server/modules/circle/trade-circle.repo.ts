/** Trade circles (trade_circle) and their memberships (trade_circle_member), as one company sees them. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

export type MemberState = 'pending' | 'approved' | 'rejected';

export interface CircleRowRaw {
  id: number; name: string; description: string; area: string; owner_company_id: number; owner_company_name: string;
  is_internal: boolean; member_count: number; member_state: MemberState | null; is_owner: boolean; created_at: number;
  join_fields: Array<'contact' | 'tel' | 'brands' | 'note'>;
}

const jsonb = (info: Record<string, string> | undefined) => sql<Record<string, string>>`${JSON.stringify(info ?? {})}::jsonb`;

const likeEscaped = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Internal circles are visible to their approved members and owner only. */
const circles = (companyId: number, where: RawBuilder<unknown>) => sql<CircleRowRaw>`
  select t.id, t.name, t.description, t.area, t.owner_company as owner_company_id, c.short_name as owner_company_name, t.is_internal,
    (select count(*)::int from trade_circle_member m where m.circle_id = t.id and m.member_state = 'approved') as member_count,
    mine.member_state, t.owner_company = ${companyId} as is_owner,
    extract(epoch from t.created_at)::bigint::int as created_at, t.join_fields
  from trade_circle t
  join company c on c.id = t.owner_company
  left join trade_circle_member mine on mine.circle_id = t.id and mine.company_id = ${companyId}
  where (not t.is_internal or mine.member_state = 'approved' or t.owner_company = ${companyId}) and ${where}`;

export const list = async (db: Kysely<DB>, companyId: number, f: { k: string; offset: number; limit: number }) => {
  const where = f.k ? sql`t.name like ${likeEscaped(f.k)}` : sql`true`;
  const [rows, total] = await Promise.all([
    sql<CircleRowRaw>`${circles(companyId, where)} order by t.id limit ${f.limit} offset ${f.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${circles(companyId, where)}) x`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

export const byId = async (db: Kysely<DB>, companyId: number, id: number) =>
  (await circles(companyId, sql`t.id = ${id}`).execute(db)).rows[0];

/** A circle's members of one state, with what they filled in to join and what they allocated (docs/circles.md). */
export const members = async (db: Kysely<DB>, circleId: number, state: MemberState) =>
  (await sql<{
    company_id: number; name: string; short_name: string; province: string; city: string; is_seller: boolean; requested_at: number; decided_at: number;
    join_info: { contact: string; tel: string; brands: string; note: string }; product_count: number; available_qty: number;
  }>`
    select m.company_id, c.name, c.short_name, c.province, c.city, c.is_seller,
      extract(epoch from m.requested_at)::bigint::int as requested_at,
      coalesce(extract(epoch from m.decided_at)::bigint, 0)::int as decided_at,
      jsonb_build_object('contact', coalesce(m.join_info->>'contact', ''), 'tel', coalesce(m.join_info->>'tel', ''),
        'brands', coalesce(m.join_info->>'brands', ''), 'note', coalesce(m.join_info->>'note', '')) as join_info,
      (select count(*)::int from trade_circle_allocation a where a.circle_id = m.circle_id and a.company_id = m.company_id) as product_count,
      (select coalesce(sum(case when s.state = 'on' then greatest(0, least(a.qty, s.quantity)) else 0 end), 0)::int
        from trade_circle_allocation a join stock s on s.id = a.stock_id where a.circle_id = m.circle_id and a.company_id = m.company_id) as available_qty
    from trade_circle_member m join company c on c.id = m.company_id
    where m.circle_id = ${circleId} and m.member_state = ${state}
    order by m.requested_at, m.company_id`.execute(db)).rows;

export const nameTaken = async (db: Kysely<DB>, name: string) =>
  (await db.selectFrom('trade_circle').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;

export const insertCircle = (db: Kysely<DB>, c: { name: string; description: string; area: string; owner: number; at: Date }) =>
  db.insertInto('trade_circle').values({ name: c.name, description: c.description, area: c.area, owner_company: c.owner, created_at: c.at })
    .returning('id').executeTakeFirstOrThrow();

/** The membership row, locked, so joins, quits and decisions on it happen one after the other. */
export const lockMembership = (db: Kysely<DB>, circleId: number, companyId: number) =>
  db.selectFrom('trade_circle_member').select('member_state').where('circle_id', '=', circleId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();

/** Inserts a membership; false when one appeared meanwhile. */
export const insertMembership = async (db: Kysely<DB>, m: { circleId: number; companyId: number; state: MemberState; at: Date; joinInfo?: Record<string, string> }) => {
  const r = await db.insertInto('trade_circle_member')
    .values({
      circle_id: m.circleId, company_id: m.companyId, member_state: m.state, requested_at: m.at, decided_at: m.state === 'pending' ? null : m.at,
      join_info: jsonb(m.joinInfo),
    })
    .onConflict((oc) => oc.columns(['circle_id', 'company_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
};

/** A new request (pending) carries the 入圈资料 filled in with it. */
export const setState = (db: Kysely<DB>, circleId: number, companyId: number, state: MemberState, at: Date, joinInfo?: Record<string, string>) =>
  db.updateTable('trade_circle_member')
    .set(state === 'pending'
      ? { member_state: state, requested_at: at, decided_at: null, join_info: jsonb(joinInfo) }
      : { member_state: state, decided_at: at })
    .where('circle_id', '=', circleId).where('company_id', '=', companyId).execute();

export const removeMembership = (db: Kysely<DB>, circleId: number, companyId: number) =>
  db.deleteFrom('trade_circle_member').where('circle_id', '=', circleId).where('company_id', '=', companyId).execute();
