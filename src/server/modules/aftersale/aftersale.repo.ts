/** After-sales (tables after_sale, after_sale_line, after_sale_event, migration 0230) and the order lines they refer to. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import { DEDUCT_METHOD, type AfterSaleStatus, type AfterSaleType, type OrderPayKind } from '../../../shared/domain/aftersale';
import { chinaMidnight } from '../../../shared/domain/china-time';
import { paidOnline } from '../../../shared/domain/orders';

/** The order an after-sale is asked on, locked: applications on one order wait for each other. */
export const lockOrder = (db: Kysely<DB>, orderNo: string) =>
  db.selectFrom('goods_order')
    .select(['id', 'order_no', 'status', 'buyer_company_id', 'seller_company_id', 'received_at', 'total_fen', 'voucher_fen'])
    .where('order_no', '=', orderNo).forUpdate().executeTakeFirst();

export const orderLines = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order_line').select(['id', 'qty', 'unit_price_fen', 'reduction_fen', 'supplier_oe', 'name']).where('order_id', '=', orderId).orderBy('id').execute();

/** Every after-sale line on an order's lines, with its after-sale's state (oldest first). */
export const takenOnOrder = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('after_sale_line as l').innerJoin('after_sale as a', 'a.id', 'l.after_sale_id')
    .select(['a.as_no', 'a.type', 'a.status', 'a.refund_fen', 'a.refund_method', 'a.created_at', 'l.order_line_id', 'l.qty'])
    .where('a.order_id', '=', orderId).orderBy('a.id').orderBy('l.id').execute();

export interface NewAfterSale {
  as_no: string; order_id: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number; type: AfterSaleType;
  reason: string; description: string; img_infos: string[]; total_qty: number; refund_fen: number; created_at: Date;
  /** 质保售后 (docs/warranty.md): the term and its months; null for an ordinary after-sale */
  warranty_term_id: number | null; warranty_months: number | null;
}

export const insertAfterSale = async (db: Kysely<DB>, a: NewAfterSale, lines: Array<{ order_line_id: number; qty: number; unit_price_fen: number }>) => {
  const { id } = await db.insertInto('after_sale')
    .values({ ...a, img_infos: JSON.stringify(a.img_infos), updated_at: a.created_at }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('after_sale_line').values(lines.map((l) => ({
    after_sale_id: id, order_line_id: String(l.order_line_id), qty: l.qty, unit_price_fen: l.unit_price_fen, amount_fen: l.unit_price_fen * l.qty,
  }))).execute();
  return id;
};

export const addEvent = (db: Kysely<DB>, e: { after_sale_id: string; action: string; actor_user_id: number; from_status: string | null; to_status: string; note: string; created_at: Date }) =>
  db.insertInto('after_sale_event').values(e).execute();

/**
 * The order's payment state, read under a lock (recording its payment, paying it online or paying
 * it out waits until the completion commits): unpaid, offline or online, what may still be
 * refunded (paid less refunds) and what is still due on an unpaid order (total less 冲减货款).
 */
export const orderMoneyForUpdate = async (db: Kysely<DB>, afterSaleId: string) => {
  const o = await db.selectFrom('goods_order as o').innerJoin('after_sale as a', 'a.order_id', 'o.id')
    .select(['o.id', 'o.pay_status', 'o.pay_channel', 'o.paid_fen', 'o.refunded_fen', 'o.total_fen'])
    .where('a.id', '=', afterSaleId).forUpdate('o').executeTakeFirstOrThrow();
  const deducted = await db.selectFrom('after_sale').select(sql<string>`coalesce(sum(refund_fen), 0)`.as('s'))
    .where('order_id', '=', o.id).where('status', '=', 'completed').where('refund_method', '=', DEDUCT_METHOD).executeTakeFirstOrThrow();
  const kind: OrderPayKind = o.pay_status !== 'paid' ? 'unpaid' : paidOnline(o.pay_channel) ? 'online' : 'offline';
  return { id: String(o.id), kind, refundable_fen: Number(o.paid_fen) - Number(o.refunded_fen), due_fen: Number(o.total_fen) - Number(deducted.s) };
};

export const lockAfterSale = (db: Kysely<DB>, asNo: string) =>
  db.selectFrom('after_sale').select(['id', 'status', 'type', 'buyer_company_id', 'seller_company_id'])
    .where('as_no', '=', asNo).forUpdate().executeTakeFirst();

export type AfterSaleChange = Partial<{
  status: AfterSaleStatus; reject_reason: string; cancel_reason: string; close_reason: string; logistics_company: string; logistics_no: string;
  refund_method: string; refund_note: string; refund_fen: number; agreed_at: Date; returned_at: Date; received_at: Date; completed_at: Date; rejected_at: Date;
  cancelled_at: Date; closed_at: Date; updated_at: Date;
}>;

export const setAfterSale = (db: Kysely<DB>, id: string, change: AfterSaleChange) => db.updateTable('after_sale').set(change).where('id', '=', id).execute();

/** An after-sale that ended gives its lines back (the unique index allows one open after-sale per line). */
export const releaseLines = (db: Kysely<DB>, afterSaleId: string) =>
  db.updateTable('after_sale_line').set({ open: false }).where('after_sale_id', '=', afterSaleId).execute();

const withCompanies = (db: Kysely<DB>) =>
  db.selectFrom('after_sale as a')
    .innerJoin('goods_order as o', 'o.id', 'a.order_id')
    .innerJoin('company as bc', 'bc.id', 'a.buyer_company_id')
    .innerJoin('company as sc', 'sc.id', 'a.seller_company_id');

const firstLine = sql<string>`(select ol.name from after_sale_line l join goods_order_line ol on ol.id = l.order_line_id where l.after_sale_id = a.id order by l.id limit 1)`.as('first_line');
const lineCount = sql<number>`(select count(*)::int from after_sale_line l where l.after_sale_id = a.id)`.as('line_count');

const summaryColumns = [
  'a.id', 'a.as_no', 'o.order_no', 'a.type', 'a.status', 'a.reason', 'a.buyer_company_id', 'bc.name as buyer_company_name',
  'a.seller_company_id', 'sc.name as seller_company_name', 'a.total_qty', 'a.refund_fen', 'a.created_at', 'a.updated_at', 'a.warranty_months',
] as const;

export const afterSaleByNo = (db: Kysely<DB>, asNo: string) =>
  withCompanies(db)
    .innerJoin('app_user as u', 'u.id', 'a.buyer_user_id')
    .selectAll('a')
    .select(['o.order_no', 'o.status as order_status', 'o.pay_status as order_pay_status', 'o.pay_channel as order_pay_channel',
      sql<number>`(o.paid_fen - o.refunded_fen)::bigint`.as('order_refundable_fen'),
      sql<number>`(o.total_fen - coalesce((select sum(d.refund_fen) from after_sale d where d.order_id = o.id and d.status = 'completed' and d.refund_method = ${DEDUCT_METHOD}), 0))::bigint`.as('order_due_fen'),
      'bc.name as buyer_company_name', 'sc.name as seller_company_name', 'u.display_name as buyer_user_name', firstLine, lineCount])
    .where('a.as_no', '=', asNo).executeTakeFirst();
export type AfterSaleRow = NonNullable<Awaited<ReturnType<typeof afterSaleByNo>>>;

export const linesOf = (db: Kysely<DB>, afterSaleId: string) =>
  db.selectFrom('after_sale_line as l').innerJoin('goods_order_line as ol', 'ol.id', 'l.order_line_id')
    .select(['l.order_line_id', 'ol.supplier_oe', 'ol.name', 'ol.brand_name', 'ol.uom_name', 'ol.qty as bought_qty', 'l.qty', 'l.unit_price_fen', 'l.amount_fen'])
    .where('l.after_sale_id', '=', afterSaleId).orderBy('l.id').execute();

export const eventsOf = (db: Kysely<DB>, afterSaleId: string) =>
  db.selectFrom('after_sale_event as e').innerJoin('app_user as u', 'u.id', 'e.actor_user_id').innerJoin('company as c', 'c.id', 'u.company_id')
    .select(['e.action', 'e.from_status', 'e.to_status', 'e.note', 'e.created_at', 'u.display_name as user_name', 'c.name as company_name'])
    .where('e.after_sale_id', '=', afterSaleId).orderBy('e.id').execute();

const nextChinaMidnight = (day: string) => chinaMidnight(day, 1);

/** A company named by id (digits) or by part of its name or short name. */
const companyMatch = (col: 'a.buyer_company_id' | 'a.seller_company_id', text: string) =>
  /^\d{1,9}$/.test(text)
    ? sql<boolean>`${sql.ref(col)} = ${Number(text)}`
    : sql<boolean>`${sql.ref(col)} in (select id from company where name ilike ${`%${likeEscape(text)}%`} or short_name ilike ${`%${likeEscape(text)}%`})`;

export interface AfterSaleFilter {
  /** the caller's company and side; none for the operator's list */
  side?: 'buyer' | 'seller';
  companyId?: number;
  status: AfterSaleStatus | '';
  type: AfterSaleType | '';
  /** part of an after-sale or order number */
  no: string;
  buyer?: string;
  seller?: string;
  date_from: string;
  date_to: string;
  /** only after-sales of Vietnam mall orders (their lines are priced 'vn_mall', docs/overseas.md "After-sales (海外售后)") */
  mallOnly?: boolean;
}

const filtered = (db: Kysely<DB>, f: AfterSaleFilter, withStatus: boolean) => {
  let q = withCompanies(db);
  if (f.side) q = q.where(f.side === 'buyer' ? 'a.buyer_company_id' : 'a.seller_company_id', '=', f.companyId!);
  if (withStatus && f.status) q = q.where('a.status', '=', f.status);
  if (f.type) q = q.where('a.type', '=', f.type);
  if (f.no) {
    const like = `%${likeEscape(f.no).toUpperCase()}%`;
    q = q.where((eb) => eb.or([eb('a.as_no', 'like', like), eb('o.order_no', 'like', like)]));
  }
  if (f.buyer) q = q.where(companyMatch('a.buyer_company_id', f.buyer));
  if (f.seller) q = q.where(companyMatch('a.seller_company_id', f.seller));
  if (f.date_from) q = q.where('a.created_at', '>=', chinaMidnight(f.date_from));
  if (f.date_to) q = q.where('a.created_at', '<', nextChinaMidnight(f.date_to));
  if (f.mallOnly) q = q.where(sql<boolean>`exists (select 1 from goods_order_line ml where ml.order_id = a.order_id and ml.price_column = 'vn_mall')`);
  return q;
};

export const searchAfterSales = (db: Kysely<DB>, f: AfterSaleFilter, limit: number, offset: number) =>
  filtered(db, f, true).select([...summaryColumns, firstLine, lineCount]).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute();

/** How many after-sales match, per status (the tabs), with every filter but the status. */
export const countByStatus = (db: Kysely<DB>, f: AfterSaleFilter) =>
  filtered(db, f, false).select(['a.status', sql<number>`count(*)::int`.as('n')]).groupBy('a.status').execute();

/** The operator's total of a filter: how many and their refund sum. */
export const totalOf = (db: Kysely<DB>, f: AfterSaleFilter) =>
  filtered(db, f, true).select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(a.refund_fen), 0)::text`.as('fen')]).executeTakeFirstOrThrow();

/** The lines of several after-sales (the Vietnam mall prices them in dong). */
export const linesOfMany = (db: Kysely<DB>, afterSaleIds: number[]) => afterSaleIds.length === 0 ? Promise.resolve([]) :
  db.selectFrom('after_sale_line').select(['after_sale_id', 'order_line_id', 'qty', 'amount_fen'])
    .where('after_sale_id', 'in', afterSaleIds.map(String)).orderBy('id').execute();
