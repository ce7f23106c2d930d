/** Overseas companies and their registrations (overseas_registration, company.country; migration 0610). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape, unix } from '../../db/helpers';
import { VN_PROVINCES, type OverseasState } from '../../../shared/domain/overseas';
import type { OverseasRegistration } from '../../../shared/contracts';

interface RowDb {
  id: number; company_id: number; company_name: string; province_name: string; tax_code: string; address: string; mobile: string;
  owner_username: string | null; owner_name: string | null; state: OverseasState; reject_reason: string | null; reviewer_name: string | null;
  reviewed_at: Date | null; submitted_at: Date; level_name: string; suspended: boolean; users: number;
}

const shape = (r: RowDb): OverseasRegistration => ({
  id: r.id, company_id: r.company_id, company_name: r.company_name,
  province: VN_PROVINCES.find((p) => p.vi === r.province_name)?.code ?? '', province_name: r.province_name,
  tax_code: r.tax_code, address: r.address, mobile: r.mobile, owner_username: r.owner_username ?? '', owner_name: r.owner_name ?? '',
  state: r.state, reject_reason: r.reject_reason ?? '', reviewer_name: r.reviewer_name ?? '',
  reviewed_at: unix(r.reviewed_at), submitted_at: unix(r.submitted_at), level_name: r.level_name, suspended: r.suspended, users: r.users,
});

const select = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, offset: number, limit: number) => sql<RowDb>`
  select g.id, c.id as company_id, c.name as company_name, g.province as province_name, g.tax_code, c.address, c.phone as mobile,
    o.username as owner_username, o.display_name as owner_name, g.state, g.reject_reason, r.display_name as reviewer_name,
    g.reviewed_at, g.submitted_at, l.name as level_name, c.suspended_at is not null as suspended,
    (select count(*)::int from app_user x where x.company_id = c.id) as users
  from overseas_registration g
  join company c on c.id = g.company_id
  join company_level l on l.id = c.level_id
  left join app_user o on o.id = (select min(id) from app_user y where y.company_id = c.id and y.is_owner)
  left join app_user r on r.id = g.reviewer_user_id
  where c.country = 'VN' and ${where}
  order by ${order} offset ${offset} limit ${limit}`;

export interface RegistrationFilter { state: OverseasState | ''; province: string; k: string; offset: number; limit: number }

const conditions = (f: Omit<RegistrationFilter, 'offset' | 'limit'>) => {
  const conds = [sql`true`];
  if (f.state) conds.push(sql`g.state = ${f.state}`);
  const province = VN_PROVINCES.find((p) => p.code === f.province);
  if (province) conds.push(sql`g.province = ${province.vi}`);
  if (f.k) {
    const like = `%${likeEscape(f.k)}%`;
    conds.push(sql`(c.name ilike ${like} or c.short_name ilike ${like} or g.tax_code like ${like})`);
  }
  return sql.join(conds, sql` and `);
};

export const list = async (db: Kysely<DB>, f: RegistrationFilter, order: 'review' | 'newest') => {
  const where = conditions(f);
  const by = order === 'review' ? sql`g.state = 'pending' desc, g.submitted_at, g.id` : sql`c.created_at desc, c.id desc`;
  const [rows, total] = await Promise.all([
    select(where, by, f.offset, f.limit).execute(db),
    sql<{ n: number }>`select count(*)::int as n from overseas_registration g join company c on c.id = g.company_id where c.country = 'VN' and ${where}`.execute(db),
  ]);
  return { data: rows.rows.map(shape), total: total.rows[0].n };
};

export const byId = async (db: Kysely<DB>, id: number) => {
  const r = (await select(sql`g.id = ${id}`, sql`g.id`, 0, 1).execute(db)).rows[0];
  return r ? shape(r) : undefined;
};

export const ofCompany = async (db: Kysely<DB>, companyId: number) => {
  const r = (await select(sql`g.company_id = ${companyId}`, sql`g.id`, 0, 1).execute(db)).rows[0];
  return r ? shape(r) : undefined;
};

/** Locks a registration so two reviewers of it are served one after the other. */
export const lock = (db: Kysely<DB>, id: number) =>
  db.selectFrom('overseas_registration').select(['id', 'company_id', 'state', 'reviewer_user_id', 'reviewed_at']).where('id', '=', id).forUpdate().executeTakeFirst();

export const lockOfCompany = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('overseas_registration').select(['id', 'company_id', 'state']).where('company_id', '=', companyId).forUpdate().executeTakeFirst();

export const reviewerName = async (db: Kysely<DB>, userId: number | null) =>
  userId === null ? '' : ((await db.selectFrom('app_user').select('display_name').where('id', '=', userId).executeTakeFirst())?.display_name ?? '');

export const usernameTaken = async (db: Kysely<DB>, username: string) =>
  (await db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()) !== undefined;

export const mobileTaken = async (db: Kysely<DB>, mobile: string) =>
  (await db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst()) !== undefined;

/** A tax code held by another company whose registration was not rejected. */
export const taxCodeTaken = async (db: Kysely<DB>, taxCode: string, exceptCompanyId = 0) =>
  (await db.selectFrom('overseas_registration').select('id').where('tax_code', '=', taxCode).where('state', '<>', 'rejected')
    .where('company_id', '<>', exceptCompanyId).executeTakeFirst()) !== undefined;

export const registeredLevel = (db: Kysely<DB>) =>
  db.selectFrom('company_level').select(['id', 'vin_count', 'owner_codes'])
    .where('level_type', '=', 'free').where('is_trial', '=', false).orderBy('sort').orderBy('id').limit(1).executeTakeFirst();

export const ownerCodesOf = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select('company_level.owner_codes').where('company.id', '=', companyId).executeTakeFirstOrThrow()).owner_codes;

/** Adds the codes to every owner of the company, keeping what they hold, without duplicates. */
export const grantOwners = (db: Kysely<DB>, companyId: number, codes: readonly string[]) =>
  sql`update app_user set permissions = array(select distinct c from unnest(permissions || ${sql.val([...codes])}::text[]) as c order by c)
      where company_id = ${companyId} and is_owner`.execute(db);

export const isOwner = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirstOrThrow()).is_owner;

/** The users among `ids` who do not belong to a Vietnamese company. */
export const notOverseasUsers = async (db: Kysely<DB>, ids: number[]) =>
  (await db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id').select('app_user.id')
    .where('app_user.id', 'in', ids).where('company.country', '<>', 'VN').execute()).map((r) => r.id);
