/** Users of every company as operators see them (tables app_user, company, session, refresh_token). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

export interface UserFilter { k: string; company: string; company_id: number | ''; active: '' | 'true' | 'false'; offset: number; limit: number; /** only users of companies of this country (docs/overseas.md) */ country?: 'CN' | 'VN' }

export interface UserRowDb {
  id: number; username: string; display_name: string; mobile: string | null; company_id: number; company_name: string; company_suspended: boolean;
  is_owner: boolean; active: boolean; permissions: string[]; created_at: Date; last_login: Date | null; sessions: number;
}

export const list = async (db: Kysely<DB>, f: UserFilter, now: Date) => {
  const conds = [sql`true`];
  if (f.k) {
    const p = `%${likeEscape(f.k)}%`;
    conds.push(sql`(u.username ilike ${p} or u.display_name ilike ${p} or u.mobile like ${p})`);
  }
  if (f.company) conds.push(sql`(c.name ilike ${`%${likeEscape(f.company)}%`} or c.short_name ilike ${`%${likeEscape(f.company)}%`})`);
  if (f.company_id !== '') conds.push(sql`u.company_id = ${f.company_id}`);
  if (f.active !== '') conds.push(sql`u.active = ${f.active === 'true'}`);
  if (f.country) conds.push(sql`c.country = ${f.country}`);
  const where = sql.join(conds, sql` and `);
  const [rows, total] = await Promise.all([
    sql<UserRowDb>`select u.id, u.username, u.display_name, u.mobile, u.company_id, c.name as company_name, c.suspended_at is not null as company_suspended,
        u.is_owner, u.active, u.permissions, u.created_at,
        (select max(s.created_at) from session s where s.user_id = u.id) as last_login,
        (select count(*)::int from session s where s.user_id = u.id and s.revoked_at is null
           and exists (select 1 from refresh_token r where r.session_id = s.id and r.used_at is null and r.expires_at > ${now})) as sessions
      from app_user u join company c on c.id = u.company_id
      where ${where} order by u.company_id, u.is_owner desc, u.id offset ${f.offset} limit ${f.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from app_user u join company c on c.id = u.company_id where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

export const lockMany = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('app_user').select(['id', 'username', 'display_name', 'company_id', 'is_owner', 'active', 'mobile'])
    .where('id', 'in', ids).orderBy('id').forUpdate().execute();
