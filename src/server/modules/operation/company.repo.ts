/** Companies as operators see them: every company, its level, users and stock (tables company, app_user, stock, goods_order, package_order). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

export interface CompanyFilter {
  k: string; city: string; level_id: number | ''; state: '' | 'active' | 'suspended'; seller: '' | 'true' | 'false'; business_type: '' | CompanyRowDb['business_type']; group_id: number | '';
  sort: 'id' | 'created' | 'stock' | 'level_end'; order: 'asc' | 'desc'; offset: number; limit: number;
}

const SORT_SQL = {
  id: sql`c.id`, created: sql`c.created_at`, stock: sql`stock_count`, level_end: sql`c.level_end_at`,
} as const;

const rowColumns = sql`
  c.id, c.name, c.short_name, c.province, c.city, c.phone, c.address, c.qq, c.is_seller, c.business_type, c.level_id, l.name as level_name, l.level_type,
  c.level_end_at, c.suspended_at, c.suspend_reason, c.created_at,
  (select count(*)::int from app_user u where u.company_id = c.id) as user_count,
  (select count(*)::int from stock s where s.company_id = c.id) as stock_count`;

export interface CompanyRowDb {
  id: number; name: string; short_name: string; province: string; city: string; phone: string; address: string; qq: string; is_seller: boolean;
  business_type: 'repair' | 'parts_dealer' | 'dealer_4s' | 'fleet' | 'other';
  level_id: number; level_name: string; level_type: 'free' | 'paid'; level_end_at: Date | null; suspended_at: Date | null; suspend_reason: string;
  created_at: Date; user_count: number; stock_count: number;
}

export const list = async (db: Kysely<DB>, f: CompanyFilter) => {
  const conds = [sql`true`];
  if (f.k) {
    const p = `%${likeEscape(f.k)}%`;
    conds.push(sql`(c.name ilike ${p} or c.short_name ilike ${p} or c.id::text = ${f.k})`);
  }
  if (f.city) conds.push(sql`(c.city ilike ${`%${likeEscape(f.city)}%`} or c.province ilike ${`%${likeEscape(f.city)}%`})`);
  if (f.level_id !== '') conds.push(sql`c.level_id = ${f.level_id}`);
  if (f.state === 'active') conds.push(sql`c.suspended_at is null`);
  if (f.state === 'suspended') conds.push(sql`c.suspended_at is not null`);
  if (f.seller !== '') conds.push(sql`c.is_seller = ${f.seller === 'true'}`);
  if (f.business_type !== '') conds.push(sql`c.business_type = ${f.business_type}`);
  if (f.group_id !== '') conds.push(sql`exists (select 1 from company_group_member g where g.group_id = ${f.group_id} and g.company_id = c.id)`);
  const where = sql.join(conds, sql` and `);
  const dir = f.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const [rows, total] = await Promise.all([
    sql<CompanyRowDb>`select ${rowColumns} from company c join company_level l on l.id = c.level_id
      where ${where} order by ${SORT_SQL[f.sort]} ${dir}, c.id desc offset ${f.offset} limit ${f.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from company c where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** Every 企业分组, for the list's 分组 filter. */
export const groups = (db: Kysely<DB>) => db.selectFrom('company_group').select(['id', 'name']).orderBy('name').orderBy('id').execute();

export const byId = async (db: Kysely<DB>, id: number) =>
  (await sql<CompanyRowDb>`select ${rowColumns} from company c join company_level l on l.id = c.level_id where c.id = ${id}`.execute(db)).rows[0];

export const levels = (db: Kysely<DB>) =>
  db.selectFrom('company_level').select(['id', 'name', 'level_type', 'is_trial', 'vin_type']).orderBy('sort').orderBy('id').execute();

/** The rows, locked in id order (two bulk calls at once never wait on each other in a circle). */
export const lockMany = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('company').select(['id', 'name', 'suspended_at', 'suspend_reason', 'level_id', 'level_end_at', 'vin_end_at'])
    .where('id', 'in', ids).orderBy('id').forUpdate().execute();

export const stockStates = async (db: Kysely<DB>, companyId: number) => {
  const rows = await db.selectFrom('stock').select(['state', sql<number>`count(*)::int`.as('n')]).where('company_id', '=', companyId).groupBy('state').execute();
  const of = (s: string) => rows.find((r) => r.state === s)?.n ?? 0;
  return { on: of('on'), off: of('off'), suspended: of('suspended') };
};

export const orderCounts = async (db: Kysely<DB>, companyId: number) => {
  const r = await sql<{ sales: number; purchases: number }>`select
    (select count(*)::int from goods_order where seller_company_id = ${companyId}) as sales,
    (select count(*)::int from goods_order where buyer_company_id = ${companyId}) as purchases`.execute(db);
  return r.rows[0];
};

export const paidPackages = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('package_order').innerJoin('app_user', 'app_user.id', 'package_order.user_id')
    .select(['package_order.paid_at', 'package_order.level_name', 'package_order.amount_fen', 'package_order.duration_months', 'package_order.level_end_after', 'app_user.username'])
    .where('package_order.company_id', '=', companyId).where('package_order.state', '=', 'paid')
    .orderBy('package_order.paid_at', 'desc').limit(200).execute();

/** Puts the companies' stock on sale aside (suspend) or back (restore); the count of rows moved. */
export const moveStock = async (db: Kysely<DB>, ids: number[], from: 'on' | 'suspended', to: 'on' | 'suspended') => {
  const r = await db.updateTable('stock').set({ state: to }).where('company_id', 'in', ids).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows);
};

export const userIdsOf = async (db: Kysely<DB>, ids: number[]) =>
  (await db.selectFrom('app_user').select('id').where('company_id', 'in', ids).execute()).map((r) => r.id);
