/** SQL of sellers' promotion plans (migration 0730, docs/promotions.md). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** a plan with its brands, part groups and customers named, and the order lines charged under it */
const planSelect = (db: Kysely<DB>) =>
  db.selectFrom('promo_plan as p')
    .selectAll('p')
    .select([
      sql<string>`coalesce((select string_agg(b.name, '、' order by b.id) from part_brand b where b.id = any(p.part_brand_ids)), '')`.as('part_brand_names'),
      sql<string>`coalesce((select string_agg(x.name, '、' order by x.id) from terminology x where x.id = any(p.category_ids)), '')`.as('category_names'),
      sql<string>`coalesce((select string_agg(c.name, '、' order by c.id) from company c where c.id = any(p.customer_ids)), '')`.as('customer_names'),
      sql<string>`(select count(*) from goods_order_line l join goods_order o on o.id = l.order_id
        where l.promo_plan_id = p.id and o.status not in ('cancelled', 'rejected'))`.as('lines'),
      sql<string>`(select coalesce(sum((l.list_price_fen - l.unit_price_fen)::bigint * l.qty), 0) from goods_order_line l join goods_order o on o.id = l.order_id
        where l.promo_plan_id = p.id and o.status not in ('cancelled', 'rejected'))`.as('saved_fen'),
    ]);
export type PlanRow = NonNullable<Awaited<ReturnType<ReturnType<typeof planSelect>['executeTakeFirst']>>>;

/** The company's plan of this id (another company's is not found). */
export const planOf = (db: Kysely<DB>, companyId: number, id: number) =>
  planSelect(db).where('p.company_id', '=', companyId).where('p.id', '=', id).executeTakeFirst();

export const lockPlan = (db: Kysely<DB>, companyId: number, id: number) =>
  db.selectFrom('promo_plan').select(['id', 'state']).where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();

export interface PlanFilter { companyId: number; state: '' | 'draft' | 'active' | 'paused' | 'ended'; q: string }

const filtered = (db: Kysely<DB>, f: PlanFilter) => {
  let q = planSelect(db).where('p.company_id', '=', f.companyId);
  if (f.state) q = q.where('p.state', '=', f.state);
  if (f.q) q = q.where(sql<boolean>`position(lower(${f.q}) in lower(p.name)) > 0`);
  return q;
};

export const plans = async (db: Kysely<DB>, f: PlanFilter, limit: number, offset: number) => {
  const [rows, n] = await Promise.all([
    filtered(db, f).orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, f).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
};

export interface PlanValues {
  name: string; kind: 'percent' | 'amount'; percent_off: number; off_fen: number; min_price_fen: number;
  scope: 'all' | 'brands' | 'categories'; part_brand_ids: number[]; category_ids: number[];
  buyers: 'all' | 'levels' | 'customers'; price_levels: string[]; customer_ids: number[]; start_at: Date; end_at: Date;
}

export const insertPlan = async (db: Kysely<DB>, v: PlanValues & { company_id: number; state: 'draft' | 'active'; created_by: number; now: Date }) => {
  const { now, ...rest } = v;
  return (await db.insertInto('promo_plan').values({ ...rest, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
};

export const updatePlan = (db: Kysely<DB>, id: number, v: PlanValues, now: Date) =>
  db.updateTable('promo_plan').set({ ...v, updated_at: now }).where('id', '=', id).execute();

export const setState = (db: Kysely<DB>, id: number, state: 'draft' | 'active' | 'paused' | 'ended', now: Date) =>
  db.updateTable('promo_plan').set({ state, updated_at: now, ...(state === 'ended' ? { ended_at: now } : {}) }).where('id', '=', id).execute();

/** The plans that price something at `now`: active and within their window, of these sellers. */
export const livePlans = async (db: Kysely<DB>, sellerIds: readonly number[], now: Date) => {
  if (sellerIds.length === 0) return [];
  return db.selectFrom('promo_plan').selectAll().where('company_id', 'in', [...sellerIds]).where('state', '=', 'active')
    .where('start_at', '<=', now).where('end_at', '>', now).execute();
};
export type LivePlanRow = Awaited<ReturnType<typeof livePlans>>[number];

/** What a plan's scope reads of stock rows: the seller, the part brand and the part group. */
export const stockAttrs = async (db: Kysely<DB>, stockIds: readonly number[]) => {
  if (stockIds.length === 0) return new Map<number, { company_id: number; part_brand_id: number | null; terminology_id: number | null }>();
  const rows = await db.selectFrom('stock').select(['id', 'company_id', 'part_brand_id', 'terminology_id']).where('id', 'in', [...new Set(stockIds)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
};

export const brandsAmong = async (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? [] : (await db.selectFrom('part_brand').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

export const categoriesAmong = async (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? [] : (await db.selectFrom('terminology').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

export const companiesAmong = async (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? [] : (await db.selectFrom('company').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

export const isSeller = async (db: Kysely<DB>, companyId: number) =>
  !!(await db.selectFrom('company').select('is_seller').where('id', '=', companyId).executeTakeFirst())?.is_seller;
