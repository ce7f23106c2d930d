import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The circles of the storefront's circle list. Internal circles stay visible to their approved
 * members and owner only (as in trade-circle.repo); show_internal asks for those to be listed too.
 */
export const circlesFor = (db: Kysely<DB>, companyId: number, opts: { inMember: boolean; showInternal: boolean; limit: number }) =>
  sql<{ id: number; name: string; owner_company_name: string; is_internal: boolean; member_count: number; member_state: 'pending' | 'approved' | 'rejected' | null }>`
    select t.id, t.name, c.short_name as owner_company_name, t.is_internal,
      (select count(*)::int from trade_circle_member m where m.circle_id = t.id and m.member_state = 'approved') as member_count,
      mine.member_state
    from trade_circle t
    join company c on c.id = t.owner_company
    left join trade_circle_member mine on mine.circle_id = t.id and mine.company_id = ${companyId}
    where (${!opts.inMember} or mine.company_id is not null)
      and (not t.is_internal or (${opts.showInternal} and (mine.member_state = 'approved' or t.owner_company = ${companyId})))
    order by t.id limit ${opts.limit}`.execute(db).then((r) => r.rows);

/** Companies that share an approved circle with this company (itself included). */
export const circlePeers = async (db: Kysely<DB>, companyId: number) => {
  const { rows } = await sql<{ company_id: number }>`
    select distinct other.company_id from trade_circle_member mine
    join trade_circle_member other on other.circle_id = mine.circle_id and other.member_state = 'approved'
    where mine.company_id = ${companyId} and mine.member_state = 'approved'`.execute(db);
  return rows.map((r) => r.company_id);
};
