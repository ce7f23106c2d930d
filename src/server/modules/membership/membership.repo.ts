/** SQL of membership packages (company_level rows on sale) and package orders (package_order). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const packages = (db: Kysely<DB>) =>
  db.selectFrom('company_level')
    .select(['id as level_id', 'name', 'price_fen', 'duration_months', 'employee_limit', 'stock_per_day', 'vin_type'])
    .where('price_fen', 'is not', null).where('duration_months', 'is not', null).where('level_type', '=', 'paid')
    .orderBy('sort').orderBy('id')
    .execute();

export const userForBuying = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').select(['id', 'company_id', 'is_owner', 'permissions', 'active']).where('id', '=', userId).executeTakeFirst();

const orderColumns = [
  'package_order.id', 'package_order.order_no', 'package_order.company_id', 'company.name as company_name', 'package_order.level_id',
  'package_order.level_name', 'package_order.amount_fen', 'package_order.duration_months', 'package_order.state', 'package_order.provider',
  'package_order.trade_no', 'package_order.created_at', 'package_order.paid_at', 'package_order.level_end_after', 'package_order.user_id',
  'package_order.discount_fen', 'package_order.promotion_code_id',
] as const;

export const orderByNo = (db: Kysely<DB>, orderNo: string) =>
  db.selectFrom('package_order').innerJoin('company', 'company.id', 'package_order.company_id')
    .leftJoin('promotion_code', 'promotion_code.id', 'package_order.promotion_code_id')
    .select([...orderColumns, 'promotion_code.code as promotion_code', 'promotion_code.name as promotion_name'])
    .where('package_order.order_no', '=', orderNo).executeTakeFirst();

/** A promotion code locked for the rest of the transaction: two orders using its last use queue here. */
export const lockPromotion = (db: Kysely<DB>, code: string) =>
  db.selectFrom('promotion_code').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();

/** How often the code is used (orders not cancelled) by anyone and by this company, the order itself left out. */
export const promotionUses = async (db: Kysely<DB>, codeId: number, companyId: number, orderId: string) => {
  const r = await db.selectFrom('package_order')
    .select((eb) => [
      eb.fn.countAll<number>().as('uses'),
      eb.fn.count<number>('id').filterWhere('company_id', '=', companyId).as('company_uses'),
    ])
    .where('promotion_code_id', '=', codeId).where('state', '<>', 'cancelled').where('id', '<>', orderId)
    .executeTakeFirstOrThrow();
  return { uses: Number(r.uses), company_uses: Number(r.company_uses) };
};

/** The order row locked for the rest of the transaction: concurrent notices queue here. */
export const lockOrder = (db: Kysely<DB>, orderNo: string) =>
  db.selectFrom('package_order').select(['id', 'state', 'company_id', 'level_id', 'amount_fen', 'discount_fen']).where('order_no', '=', orderNo).forUpdate().executeTakeFirst();

export const pendingOrderFor = (db: Kysely<DB>, companyId: number, levelId: number, amountFen: number, months: number) =>
  db.selectFrom('package_order').select('order_no')
    .where('company_id', '=', companyId).where('level_id', '=', levelId).where('state', '=', 'pending')
    // the list price as ordered: an order with a code applied is the same package
    .where(sql<boolean>`amount_fen + discount_fen = ${amountFen}`).where('duration_months', '=', months)
    .orderBy('created_at', 'desc').executeTakeFirst();

export const lockCompanyLevel = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.id', 'company.level_end_at', 'company.vin_end_at', 'company_level.level_type', 'company_level.name'])
    .where('company.id', '=', companyId).forUpdate(['company']).executeTakeFirst();

export const levelById = (db: Kysely<DB>, levelId: number) =>
  db.selectFrom('company_level').select(['id', 'name', 'level_type', 'vin_type', 'price_fen', 'duration_months']).where('id', '=', levelId).executeTakeFirst();

/** A company's package orders, newest first (the finance page). */
export const ordersOfCompany = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('package_order').select(['order_no', 'level_name', 'amount_fen', 'duration_months', 'state', 'created_at', 'paid_at'])
    .where('company_id', '=', companyId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** Pending package orders made before `before` that went to a provider, for the payment sweep (docs/money.md, "Payment providers"). */
export const pendingOrdersBefore = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('package_order').select(['order_no', 'provider', 'amount_fen', 'created_at']).where('state', '=', 'pending').where('provider', 'is not', null)
    .where('created_at', '<', before).orderBy('id').limit(500).execute();
