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
