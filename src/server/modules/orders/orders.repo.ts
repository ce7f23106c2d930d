/** Goods orders (tables goods_order, goods_order_line, goods_order_event) and the stock they take and give back. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { OrderStatus, PayStatus } from '../../../shared/domain/orders';
import { DEDUCT_METHOD } from '../../../shared/domain/aftersale';
import { fromMicros, micros, readChangeHorizon } from '../../db/changes';

export interface NewOrder {
  order_no: string; checkout_no: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number;
  line_count: number; total_qty: number; total_fen: number;
  contact_name: string; contact_phone: string; address: string; remark: string; created_at: Date;
  /** 现货订单 and the time its seller has to confirm it (docs/spot-goods.md) */
  spot?: boolean; confirm_by?: Date | null;
  /** 账期 (docs/customers.md "Credit terms"): whose term the order used and its China due date */
  credit_company_id?: number; credit_due_date?: string;
  /** the voucher's discount taken off total_fen (docs/vouchers.md) */
  voucher_fen?: number;
  /** the 满减 taken off total_fen and its activity (docs/activities.md "满减") */
  reduction_fen?: number; reduction_activity_id?: number;
}
export interface NewLine {
  stock_id: number | null; quote_id: number | null; type_code: string; supplier_oe: string; name: string; brand_name: string; quality_name: string; uom_name: string;
  qty: number; include_tax: boolean; price_column: string; unit_price_fen: number; amount_fen: number;
  /** charged under a promotion plan (docs/promotions.md) */
  promo_plan_id?: number; list_price_fen?: number;
  /** the line's share of its order's 满减 (docs/activities.md "满减") */
  reduction_fen?: number;
}

export const insertOrder = async (db: Kysely<DB>, o: NewOrder, lines: NewLine[]) => {
  const { id } = await db.insertInto('goods_order').values(o).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('goods_order_line').values(lines.map((l) => ({ ...l, order_id: id }))).execute();
  return id;
};

/** Takes pieces off a locked stock row; false when there are not enough (nothing changes then). */
export const takeStock = async (db: Kysely<DB>, stockId: number, qty: number) =>
  Number((await db.updateTable('stock').set({ quantity: sql`quantity - ${qty}` }).where('id', '=', stockId).where('quantity', '>=', qty).executeTakeFirst()).numUpdatedRows) === 1;

/**
 * Gives the pieces of an order's lines back to their stock rows (rows deleted since are skipped), in
 * one statement: the ids of the rows raised, and the lines that took pieces from a row.
 */
export const returnStock = async (db: Kysely<DB>, orderId: string) => {
  // the rows locked in id order first, as the activity settlement takes them (docs/activities.md "The end"), so a
  // cancellation of an order of several rows (a 组合套装's) and a settlement never wait on each other in a circle
  await sql`select s.id from stock s where s.id in (select stock_id from goods_order_line where order_id = ${orderId} and stock_id is not null)
    order by s.id for update of s`.execute(db);
  const rows = (await sql<{ order_id: string; stock_id: number; qty: number; price_column: string; raised: number | null }>`
    with l as (select order_id, stock_id, qty, price_column from goods_order_line where order_id = ${orderId} and stock_id is not null),
    u as (update stock set quantity = stock.quantity + s.qty
      from (select stock_id, sum(qty) as qty from l group by stock_id) s where stock.id = s.stock_id returning stock.id)
    select l.order_id::text as order_id, l.stock_id::int as stock_id, l.qty, l.price_column, u.id::int as raised from l left join u on u.id = l.stock_id`.execute(db)).rows;
  return {
    stockIds: [...new Set(rows.flatMap((r) => (r.raised === null ? [] : [r.raised])))],
    lines: rows.map(({ order_id, stock_id, qty, price_column }) => ({ order_id, stock_id, qty, price_column })),
  };
};

export const addEvent = (db: Kysely<DB>, e: { order_id: string; action: string; actor_user_id: number; from_status: string | null; to_status: string; note: string; created_at: Date }) =>
  db.insertInto('goods_order_event').values(e).execute();

const withCompanies = (db: Kysely<DB>) =>
  db.selectFrom('goods_order as o')
    .innerJoin('company as bc', 'bc.id', 'o.buyer_company_id')
    .innerJoin('company as sc', 'sc.id', 'o.seller_company_id');

/**
 * Completed after-sales of the order (the goods_order row named `order`) settled as 冲减货款
 * (shared/domain/aftersale DEDUCT_METHOD), in fen: the one rule of what an order's after-sales take
 * off what is owed, for the order's summary and page (`deducted_fen`) and the finance sums (`moneyOf`).
 */
const deductedFrom = (order: 'o' | 'goods_order') => sql<string>`coalesce((select sum(a.refund_fen) from after_sale a
  where a.order_id = ${sql.ref(`${order}.id`)} and a.status = 'completed' and a.refund_method = ${DEDUCT_METHOD}), 0)`;

const summaryColumns = [
  'o.id', 'o.order_no', 'o.checkout_no', 'o.status', 'o.pay_status', 'o.buyer_company_id', 'bc.name as buyer_company_name',
  'o.seller_company_id', 'sc.name as seller_company_name', 'o.line_count', 'o.total_qty', 'o.total_fen', 'o.created_at',
  'o.pay_channel', 'o.paid_fen', 'o.refunded_fen', deductedFrom('o').as('deducted_fen'), 'o.spot', 'o.confirm_by',
] as const;

const firstLine = sql<string>`(select l.name from goods_order_line l where l.order_id = o.id order by l.id limit 1)`.as('first_line');

export const orderByNo = (db: Kysely<DB>, orderNo: string) =>
  withCompanies(db)
    .innerJoin('app_user as u', 'u.id', 'o.buyer_user_id')
    .selectAll('o')
    .select(['bc.name as buyer_company_name', 'sc.name as seller_company_name', 'u.display_name as buyer_user_name', firstLine, deductedFrom('o').as('deducted_fen'),
      sql<string>`coalesce(to_char(o.credit_due_date, 'YYYY-MM-DD'), '')`.as('credit_due_day')])
    .where('o.order_no', '=', orderNo).executeTakeFirst();
export type OrderRow = NonNullable<Awaited<ReturnType<typeof orderByNo>>>;

export const lockOrder = (db: Kysely<DB>, orderNo: string) =>
  db.selectFrom('goods_order').select(['id', 'status', 'pay_status', 'buyer_company_id', 'seller_company_id', 'spot', 'confirm_by'])
    .where('order_no', '=', orderNo).forUpdate().executeTakeFirst();

export const setOrder = (db: Kysely<DB>, id: string, change: Partial<{
  status: OrderStatus; pay_status: PayStatus; reject_reason: string; cancel_reason: string; logistics_company: string; logistics_no: string;
  pay_method: string; pay_note: string; pay_channel: 'offline'; paid_fen: number; confirmed_at: Date; shipped_at: Date; received_at: Date; completed_at: Date; cancelled_at: Date; rejected_at: Date; paid_at: Date;
}>) => db.updateTable('goods_order').set(change).where('id', '=', id).execute();

/** an order's lines, with the name of the promotion plan a line was charged under (docs/promotions.md) */
export const linesOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order_line as l').leftJoin('promo_plan as pp', 'pp.id', 'l.promo_plan_id').selectAll('l').select('pp.name as promo_name')
    .where('l.order_id', '=', orderId).orderBy('l.id').execute();

export const eventsOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order_event as e').innerJoin('app_user as u', 'u.id', 'e.actor_user_id')
    .select(['e.action', 'e.from_status', 'e.to_status', 'e.note', 'e.created_at', 'u.display_name as user_name'])
    .where('e.order_id', '=', orderId).orderBy('e.id').execute();

export const ordersOfCheckout = (db: Kysely<DB>, checkoutNo: string) =>
  withCompanies(db).select([...summaryColumns, firstLine]).where('o.checkout_no', '=', checkoutNo).orderBy('o.id').execute();

export interface OrderFilter {
  side: 'buyer' | 'seller';
  companyId: number;
  status: OrderStatus | '';
  payStatus: PayStatus | '';
  /** part of an order number or checkout number */
  no: string;
}

const filtered = (db: Kysely<DB>, f: OrderFilter, withStatus: boolean) => {
  let q = withCompanies(db).where(f.side === 'buyer' ? 'o.buyer_company_id' : 'o.seller_company_id', '=', f.companyId);
  if (withStatus && f.status) q = q.where('o.status', '=', f.status);
  if (f.payStatus) q = q.where('o.pay_status', '=', f.payStatus);
  if (f.no) {
    const like = `%${likeEscape(f.no).toUpperCase()}%`;
    q = q.where((eb) => eb.or([eb('o.order_no', 'like', like), eb('o.checkout_no', 'like', like)]));
  }
  return q;
};

/** The orders' fields an export writes besides the summary: who received them, how, and when they moved. */
export const ordersForExport = (db: Kysely<DB>, f: OrderFilter, limit: number) =>
  filtered(db, f, true).select([...summaryColumns, firstLine, 'o.id as order_id', 'o.contact_name', 'o.contact_phone', 'o.address', 'o.remark',
    'o.logistics_company', 'o.logistics_no', 'o.pay_method', 'o.shipped_at'])
    .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();

/** The lines of these orders, in each order's own order. */
export const linesOfOrders = (db: Kysely<DB>, orderIds: string[]) =>
  orderIds.length === 0 ? Promise.resolve([]) : db.selectFrom('goods_order_line').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute();

export const searchOrders = (db: Kysely<DB>, f: OrderFilter, limit: number, offset: number) =>
  filtered(db, f, true).select([...summaryColumns, firstLine]).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).offset(offset).execute();

/** How many orders match, per status (the tabs), with every filter but the status. */
export const countByStatus = (db: Kysely<DB>, f: OrderFilter) =>
  filtered(db, f, false).select(['o.status', sql<number>`count(*)::int`.as('n')]).groupBy('o.status').execute();

/** Completed after-sales of a company on one side: refunded (paid orders) and deducted (unpaid ones). */
export const afterSaleMoneyOf = async (db: Kysely<DB>, side: 'buyer' | 'seller', companyId: number) =>
  (await db.selectFrom('after_sale')
    .select([
      sql<string>`coalesce(sum(refund_fen) filter (where refund_method <> ${DEDUCT_METHOD}), 0)`.as('refunded_fen'),
      sql<string>`coalesce(sum(refund_fen) filter (where refund_method = ${DEDUCT_METHOD}), 0)`.as('deducted_fen'),
    ])
    .where(side === 'buyer' ? 'buyer_company_id' : 'seller_company_id', '=', companyId).where('status', '=', 'completed')
    .executeTakeFirstOrThrow());

/** Sums for the finance page: per side, fen not yet accepted, accepted and unpaid (less deductions), and paid. */
export const moneyOf = async (db: Kysely<DB>, side: 'buyer' | 'seller', companyId: number) =>
  (await db.selectFrom('goods_order')
    .select([
      sql<string>`coalesce(sum(total_fen) filter (where status = 'pending'), 0)`.as('pending_fen'),
      // what is owed: an unpaid accepted order's total less its after-sales settled as 冲减货款
      sql<string>`coalesce(sum(total_fen - ${deductedFrom('goods_order')}) filter (where pay_status = 'unpaid' and status in ('confirmed', 'shipped', 'received')), 0)`.as('open_fen'),
      sql<string>`coalesce(sum(total_fen - ${deductedFrom('goods_order')}) filter (where pay_status = 'paid'), 0)`.as('paid_fen'),
      sql<number>`count(*)::int`.as('order_count'),
    ])
    .where(side === 'buyer' ? 'buyer_company_id' : 'seller_company_id', '=', companyId)
    .executeTakeFirstOrThrow());

export const companyName = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst())?.name ?? '';

export const userForFinance = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').select(['is_owner', 'permissions']).where('id', '=', userId).executeTakeFirst();

// ---- the open platform's order calls (docs/open-platform.md, "Partner calls") ----

/**
 * One side's orders of a company changed at or after `sinceUs`, after the position (afterUs,
 * afterId) in (changed_at, id) order, settled only (db/changes.ts; keyset, never OFFSET).
 */
export const changedOrders = async (db: Kysely<DB>, f: { side: 'buyer' | 'seller'; companyId: number; status: OrderStatus | ''; sinceUs: string; afterUs: string; afterId: number; limit: number }) => {
  // its own statement, before the page's (db/changes.ts readChangeHorizon)
  const horizonUs = await readChangeHorizon(db);
  let q = withCompanies(db).select([...summaryColumns, firstLine, micros('o.changed_at').as('changed_us'), 'o.logistics_company', 'o.logistics_no'])
    .where(f.side === 'buyer' ? 'o.buyer_company_id' : 'o.seller_company_id', '=', f.companyId)
    .where(sql<boolean>`o.changed_at >= ${fromMicros(f.sinceUs)} and (o.changed_at, o.id) > (${fromMicros(f.afterUs)}, ${f.afterId}::bigint) and o.changed_at < ${fromMicros(horizonUs)}`);
  if (f.status) q = q.where('o.status', '=', f.status);
  return q.orderBy(sql`o.changed_at`).orderBy('o.id').limit(f.limit).execute();
};

/** The two sides of an order, if it exists. */
export const sidesOf = (db: Kysely<DB>, orderNo: string) =>
  db.selectFrom('goods_order').select(['buyer_company_id', 'seller_company_id']).where('order_no', '=', orderNo).executeTakeFirst();

// ---- a buyer's purchase history, for the search pages (modules/search; docs/search.md, "Purchase history") ----

/** A line's OE number as stock keeps it (letters and digits, upper case: shared/domain/oe normalizeOe). */
const lineOeNorm = sql<string>`upper(regexp_replace(l.supplier_oe, '[^0-9A-Za-z]', '', 'g'))`;

export interface PurchaseFilter {
  buyerCompanyId: number;
  /** normalised; the line's number begins with it */
  oePrefix?: string;
  /** in the line's name */
  name?: string;
  /** in the seller's name or short name */
  seller?: string;
  from?: Date;
  /** exclusive */
  before?: Date;
}

/** Orders that were purchases: not cancelled, not rejected. */
const PURCHASED = ['pending', 'confirmed', 'shipped', 'received', 'completed'] as const;

const purchaseLinesOf = (db: Kysely<DB>, f: PurchaseFilter) => {
  let q = db.selectFrom('goods_order as o')
    .innerJoin('goods_order_line as l', 'l.order_id', 'o.id')
    .innerJoin('company as sc', 'sc.id', 'o.seller_company_id')
    .where('o.buyer_company_id', '=', f.buyerCompanyId)
    .where('o.status', 'in', PURCHASED);
  if (f.oePrefix) q = q.where(sql<boolean>`${lineOeNorm} like ${`${likeEscape(f.oePrefix)}%`}`);
  if (f.name) q = q.where(sql<boolean>`l.name collate "default" ilike ${`%${likeEscape(f.name)}%`}`);
  if (f.seller) q = q.where(sql<boolean>`(sc.name collate "default" ilike ${`%${likeEscape(f.seller)}%`} or sc.short_name collate "default" ilike ${`%${likeEscape(f.seller)}%`})`);
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.before) q = q.where('o.created_at', '<', f.before);
  return q;
};

/** A page of the lines, newest order first, and how many there are. */
export const purchaseLines = async (db: Kysely<DB>, f: PurchaseFilter, offset: number, limit: number) => {
  const [rows, count] = await Promise.all([
    purchaseLinesOf(db, f)
      .select(['l.id as line_id', 'o.order_no', 'o.status as order_status', 'o.seller_company_id', 'sc.name as seller_company_name', 'l.stock_id',
        'l.supplier_oe', lineOeNorm.as('oe_norm'), 'l.name', 'l.brand_name', 'l.quality_name', 'l.uom_name', 'l.qty', 'l.unit_price_fen', 'l.amount_fen', 'o.created_at'])
      .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').orderBy('l.id')
      .offset(offset).limit(limit).execute(),
    purchaseLinesOf(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
};

/**
 * What the company bought whose number begins with `oePrefix` (normalised; '' for none) or whose
 * name holds `name`, one row per OE number and seller: pieces in all, orders, and the unit price,
 * date and order number of the newest purchase. Newest first, at most `limit`.
 */
export const purchasedParts = async (db: Kysely<DB>, buyerCompanyId: number, oePrefix: string, name: string, limit: number) =>
  (await sql<{ oe_norm: string; supplier_oe: string; name: string; brand_name: string; seller_company_id: number; seller_company_name: string;
    quantity: number; order_count: number; last_price_fen: number; last_at: Date; last_order_no: string }>`
    with k as (
      select ${lineOeNorm} as oe_norm, l.supplier_oe, l.name, l.brand_name, o.seller_company_id, sc.name as seller_company_name,
        l.qty, o.id as order_id, l.unit_price_fen, o.created_at, o.order_no, l.id as line_id
      from goods_order o join goods_order_line l on l.order_id = o.id join company sc on sc.id = o.seller_company_id
      where o.buyer_company_id = ${buyerCompanyId} and o.status = any(${sql.val([...PURCHASED])}::text[])
        and (${oePrefix !== '' ? sql`${lineOeNorm} like ${`${likeEscape(oePrefix)}%`}` : sql`false`}
          or l.name collate "default" ilike ${`%${likeEscape(name)}%`})
    )
    select oe_norm, seller_company_id, min(seller_company_name) as seller_company_name,
      (array_agg(supplier_oe order by created_at desc, line_id desc))[1] as supplier_oe,
      (array_agg(name order by created_at desc, line_id desc))[1] as name,
      (array_agg(brand_name order by created_at desc, line_id desc))[1] as brand_name,
      sum(qty)::int as quantity, count(distinct order_id)::int as order_count,
      (array_agg(unit_price_fen order by created_at desc, line_id desc))[1] as last_price_fen,
      max(created_at) as last_at,
      (array_agg(order_no order by created_at desc, line_id desc))[1] as last_order_no
    from k group by oe_norm, seller_company_id
    order by max(created_at) desc, oe_norm, seller_company_id
    limit ${limit}`.execute(db)).rows;

/** Pending spot orders whose time to confirm has passed (docs/spot-goods.md), oldest first. */
export const spotOrdersDue = (db: Kysely<DB>, now: Date, limit: number) =>
  db.selectFrom('goods_order').select(['order_no']).where('spot', '=', true).where('status', '=', 'pending')
    .where('confirm_by', '<=', now).orderBy('confirm_by').limit(limit).execute();

// ---- a head company's read of its branches' orders (docs/customers.md "Branch companies") ----

/** Orders where any of these companies is the buyer or the seller, newest first, and how many. */
export const ordersOfCompanies = async (db: Kysely<DB>, f: { companyIds: readonly number[]; status: OrderStatus | ''; offset: number; limit: number }) => {
  if (f.companyIds.length === 0) return { rows: [], total: 0 };
  const ids = [...f.companyIds];
  let q = withCompanies(db).where((e) => e.or([e('o.buyer_company_id', 'in', ids), e('o.seller_company_id', 'in', ids)]));
  if (f.status) q = q.where('o.status', '=', f.status);
  const [rows, total] = await Promise.all([
    q.select([...summaryColumns, firstLine, sql<string>`coalesce(to_char(o.credit_due_date, 'YYYY-MM-DD'), '')`.as('credit_due_day')])
      .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
