/** SQL of paying orders (migration 0310, docs/money.md "Paying orders"): payments, their orders, refunds, payouts, the seller's setting. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DEDUCT_METHOD } from '../../../shared/domain/aftersale';
import type { OrderStatus } from '../../../shared/domain/orders';

/** What completed after-sales took off an unpaid order (冲减货款), per order id. */
const deducted = sql<string>`coalesce((select sum(a.refund_fen) from after_sale a
  where a.order_id = goods_order.id and a.status = 'completed' and a.refund_method = ${DEDUCT_METHOD}), 0)`;

/** The orders of these numbers, locked in ascending id order (the same order for every writer). */
export const lockOrdersByNo = async (db: Kysely<DB>, orderNos: readonly string[]) => {
  const locked = await db.selectFrom('goods_order').select(['id', 'order_no']).where('order_no', 'in', [...orderNos]).orderBy('id').forUpdate().execute();
  return locked.length === 0 ? [] : moneyRows(db, locked.map((o) => o.id));
};

/** The money fields of orders (call with the rows locked, or for reading). */
export const moneyRows = (db: Kysely<DB>, ids: readonly string[]) =>
  db.selectFrom('goods_order')
    .select(['id', 'order_no', 'status', 'pay_status', 'pay_channel', 'payment_id', 'buyer_company_id', 'buyer_user_id', 'seller_company_id', 'total_fen',
      'paid_fen', 'refunded_fen', 'paid_out_at', 'payout_fen', 'shipped_at', deducted.as('deducted_fen')])
    .where('id', 'in', [...ids]).orderBy('id').execute();
export type MoneyRow = Awaited<ReturnType<typeof moneyRows>>[number];

export const lockOrderById = async (db: Kysely<DB>, id: string) => {
  await db.selectFrom('goods_order').select('id').where('id', '=', id).forUpdate().execute();
  return (await moneyRows(db, [id]))[0];
};

export const insertPayment = async (db: Kysely<DB>, p: {
  payment_no: string; buyer_company_id: number; user_id: number; amount_fen: number; method: 'wallet' | 'provider' | 'vnd_wallet'; state: 'pending' | 'paid';
  provider: string | null; ledger_transaction_id: number | null; created_at: Date; paid_at: Date | null;
}, orders: ReadonlyArray<{ order_id: string; amount_fen: number }>) => {
  const { id } = await db.insertInto('order_payment').values(p).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('order_payment_order').values(orders.map((o) => ({ payment_id: id, order_id: o.order_id, amount_fen: o.amount_fen }))).execute();
  return String(id);
};

export const paymentByNo = (db: Kysely<DB>, no: string) => db.selectFrom('order_payment').selectAll().where('payment_no', '=', no).executeTakeFirst();
export const lockPayment = (db: Kysely<DB>, no: string) => db.selectFrom('order_payment').selectAll().where('payment_no', '=', no).forUpdate().executeTakeFirst();

export const ordersOfPayment = (db: Kysely<DB>, paymentId: string) =>
  db.selectFrom('order_payment_order as p').innerJoin('goods_order as o', 'o.id', 'p.order_id').innerJoin('company as sc', 'sc.id', 'o.seller_company_id')
    .select(['o.id', 'o.order_no', 'p.amount_fen', 'o.pay_status', 'o.payment_id', 'o.status', 'sc.name as seller_company_name'])
    .where('p.payment_id', '=', paymentId).orderBy('o.id').execute();

export const markPaymentPaid = (db: Kysely<DB>, id: string, v: { trade_no: string | null; ledger_transaction_id: number; paid_at: Date }) =>
  db.updateTable('order_payment').set({ state: 'paid', ...v }).where('id', '=', id).where('state', '=', 'pending').execute();

export const markPaymentCancelled = (db: Kysely<DB>, id: string, at: Date) =>
  db.updateTable('order_payment').set({ state: 'cancelled', cancelled_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

export const pendingPayments = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('order_payment').select(['payment_no', 'provider', 'amount_fen', 'created_at']).where('state', '=', 'pending').where('method', '=', 'provider').where('created_at', '<', before).orderBy('id').execute();

export const markOrderPaid = (db: Kysely<DB>, id: string, v: {
  status: OrderStatus; pay_method: string; pay_channel: 'wallet' | 'provider' | 'vnd_wallet'; payment_id: string; paid_fen: number; paid_at: Date; completed_at?: Date; pay_note?: string;
}) => db.updateTable('goods_order').set({ pay_status: 'paid', ...v }).where('id', '=', id).where('pay_status', '=', 'unpaid').execute();

export const markPaidOut = (db: Kysely<DB>, id: string, v: { paid_out_at: Date; payout_fen: number; payout_fee_fen: number }) =>
  db.updateTable('goods_order').set(v).where('id', '=', id).where('paid_out_at', 'is', null).execute();

export const addRefunded = (db: Kysely<DB>, id: string, fen: number) =>
  db.updateTable('goods_order').set({ refunded_fen: sql`refunded_fen + ${fen}` }).where('id', '=', id).execute();

export const insertRefund = (db: Kysely<DB>, r: {
  refund_no: string; order_id: string; after_sale_id: string | null; amount_fen: number; source: 'clearing' | 'seller_wallet' | 'offline';
  destination: 'wallet' | 'provider' | 'offline' | 'vnd_wallet'; provider: string | null; trade_no: string | null; payment_no: string | null; state: 'pending' | 'done';
  ledger_transaction_id: number | null; created_at: Date; done_at: Date | null;
}) => db.insertInto('order_refund').values(r).execute();

export const pendingRefunds = (db: Kysely<DB>, refundNos?: readonly string[]) => {
  let q = db.selectFrom('order_refund').selectAll().where('state', '=', 'pending').where('destination', '=', 'provider');
  if (refundNos) q = q.where('refund_no', 'in', refundNos.length ? [...refundNos] : ['']);
  return q.orderBy('id').execute();
};

export const markRefundDone = (db: Kysely<DB>, id: string, at: Date) =>
  db.updateTable('order_refund').set({ state: 'done', done_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

export const refundsOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('order_refund').select(['refund_no', 'amount_fen', 'source', 'destination', 'state', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();

/** The refunds an after-sale made (its completion's), by after-sale id. */
export const refundNosOfAfterSales = (db: Kysely<DB>, afterSaleIds: readonly string[]) => afterSaleIds.length === 0 ? Promise.resolve([]) :
  db.selectFrom('order_refund').select(['after_sale_id', 'refund_no']).where('after_sale_id', 'in', [...afterSaleIds]).orderBy('id').execute();

export const paymentNoOf = async (db: Kysely<DB>, paymentId: string | null) =>
  paymentId ? (await db.selectFrom('order_payment').select(['payment_no', 'provider', 'trade_no']).where('id', '=', paymentId).executeTakeFirst()) ?? null : null;

/** Shipped orders whose shipping is older than `before`: the auto-receipt's work. */
export const shippedBefore = (db: Kysely<DB>, before: Date, limit: number) =>
  db.selectFrom('goods_order').select(['id', 'order_no']).where('status', '=', 'shipped').where('shipped_at', '<', before).orderBy('id').limit(limit).execute();

export const param = async (db: Kysely<DB>, key: string) =>
  (await db.selectFrom('system_param').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;

export const offlineAllowed = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('seller_pay_setting').select('offline_allowed').where('company_id', '=', companyId).executeTakeFirst())?.offline_allowed ?? true;

export const saveOfflineAllowed = (db: Kysely<DB>, companyId: number, allowed: boolean, userId: number, at: Date) =>
  db.insertInto('seller_pay_setting').values({ company_id: companyId, offline_allowed: allowed, updated_by: userId, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ offline_allowed: allowed, updated_by: userId, updated_at: at })).execute();

/** Paid less refunded, per order (orders without payment count 0). */
export const paidLessRefunds = (db: Kysely<DB>, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('goods_order')
    .select(['id', 'order_no', 'pay_status', sql<number>`(case when pay_status = 'paid' then paid_fen - refunded_fen else 0 end)::bigint`.as('fen')])
    .where('id', 'in', [...ids]).execute();
