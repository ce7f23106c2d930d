import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const companyWithLevel = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company')
    .innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.id', 'company.level_end_at', 'company.vin_sum_qty', 'company.vin_end_at',
      'company_level.name', 'company_level.level_type', 'company_level.is_trial', 'company_level.employee_limit', 'company_level.stock_per_day', 'company_level.vin_type'])
    .where('company.id', '=', companyId)
    .executeTakeFirst();

export const activeEmployees = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirstOrThrow();
  return r.n;
};

export const stockQueriesToday = async (db: Kysely<DB>, companyId: number, day: string) => {
  const r = await db.selectFrom('stock_query_count').select('used').where('company_id', '=', companyId).where('day', '=', day).executeTakeFirst();
  return r?.used ?? 0;
};

export const vinQueriesUsed = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('vin_query_log').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return r.n;
};

/** The company's owner account (the first one, if ever several): who an open-platform key acts as (docs/open-platform.md, "Partner calls"). */
export const ownerUser = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('app_user').select(['id', 'uuid', 'username']).where('company_id', '=', companyId).where('is_owner', '=', true)
    .orderBy('id').limit(1).executeTakeFirst();

/** A company's name, level and seller flag: what an open-platform key's company call answers (docs/open-platform.md). */
export const companyCard = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.id', 'company.name', 'company.is_seller', 'company.level_id', 'company_level.name as level_name', 'company.suspended_at'])
    .where('company.id', '=', companyId).executeTakeFirst();

/** Whether the user is an owner (企业负责人) of their company. */
export const isOwner = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirst())?.is_owner === true;
