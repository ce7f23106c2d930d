/** Invoices (tables invoice_title, invoice_request, invoice_request_order, invoice_event; migration 0330). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { InvoiceStatus, InvoiceTitleFields } from '../../../shared/domain/invoice';

// ---- titles ----

export const titlesOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('invoice_title').selectAll().where('company_id', '=', companyId).orderBy('is_default', 'desc').orderBy('id').execute();

export const titleOf = (db: Kysely<DB>, companyId: number, id: number) =>
  db.selectFrom('invoice_title').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();

export type TitleRow = NonNullable<Awaited<ReturnType<typeof titleOf>>>;

/** The company's titles, locked: saves and removals of one company's titles wait for each other. */
export const lockTitles = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('invoice_title').select(['id', 'is_default']).where('company_id', '=', companyId).orderBy('id').forUpdate().execute();

export const insertTitle = async (db: Kysely<DB>, companyId: number, t: InvoiceTitleFields, now: Date) =>
  (await db.insertInto('invoice_title').values({ company_id: companyId, ...t, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;

export const updateTitle = (db: Kysely<DB>, id: number, t: InvoiceTitleFields, now: Date) =>
  db.updateTable('invoice_title').set({ ...t, updated_at: now }).where('id', '=', id).execute();

export const clearDefault = (db: Kysely<DB>, companyId: number) =>
  db.updateTable('invoice_title').set({ is_default: false }).where('company_id', '=', companyId).where('is_default', '=', true).execute();

export const setDefault = (db: Kysely<DB>, id: number) => db.updateTable('invoice_title').set({ is_default: true }).where('id', '=', id).execute();

export const deleteTitle = (db: Kysely<DB>, id: number) => db.deleteFrom('invoice_title').where('id', '=', id).execute();

// ---- requests ----

export interface NewRequest {
  request_no: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number;
  title_kind: string; invoice_type: string; title_name: string; tax_no: string; address: string; phone: string; bank: string; account: string;
  remark: string; amount_fen: number; created_at: Date;
}

export const insertRequest = async (db: Kysely<DB>, r: NewRequest, orders: Array<{ order_id: string; order_no: string; amount_fen: number }>) => {
  const { id } = await db.insertInto('invoice_request').values({ ...r, updated_at: r.created_at }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('invoice_request_order').values(orders.map((o) => ({ request_id: id, order_id: o.order_id, order_no: o.order_no, amount_fen: o.amount_fen }))).execute();
  return id;
};

/** Which of these orders a request that is 待开票 or 已开票 holds, with that request's number. */
export const heldOrders = (db: Kysely<DB>, orderIds: string[]) =>
  orderIds.length === 0 ? Promise.resolve([])
    : db.selectFrom('invoice_request_order as ro').innerJoin('invoice_request as r', 'r.id', 'ro.request_id')
      .select(['ro.order_id', 'r.request_no']).where('ro.open', '=', true).where('ro.order_id', 'in', orderIds).execute();

export const lockRequest = (db: Kysely<DB>, requestNo: string) =>
  db.selectFrom('invoice_request').select(['id', 'status', 'buyer_company_id', 'seller_company_id', 'amount_fen', 'invoice_number', 'invoice_date'])
    .where('request_no', '=', requestNo).forUpdate().executeTakeFirst();

export type RequestChange = Partial<{
  status: InvoiceStatus; amount_fen: number; invoice_number: string; invoice_date: string; issued_fen: number; file_path: string; refuse_reason: string | null;
  title_kind: string; invoice_type: string; title_name: string; tax_no: string; address: string; phone: string; bank: string; account: string; remark: string;
  issued_at: Date; refused_at: Date | null; withdrawn_at: Date; updated_at: Date;
  red_number: string; red_date: string; red_file_path: string; red_reason: string; reversed_at: Date;
}>;

export const setRequest = (db: Kysely<DB>, id: number, change: RequestChange) => db.updateTable('invoice_request').set(change).where('id', '=', id).execute();

/** A request's orders with their numbers (the order ids and amounts asked). */
export const ordersOf = (db: Kysely<DB>, requestId: number) =>
  db.selectFrom('invoice_request_order').select(['order_id', 'order_no', 'amount_fen']).where('request_id', '=', requestId).orderBy('id').execute();

export const setOrdersOpen = (db: Kysely<DB>, requestId: number, open: boolean) =>
  db.updateTable('invoice_request_order').set({ open }).where('request_id', '=', requestId).execute();

export const setOrderAmount = (db: Kysely<DB>, requestId: number, orderId: string, amountFen: number) =>
  db.updateTable('invoice_request_order').set({ amount_fen: amountFen }).where('request_id', '=', requestId).where('order_id', '=', orderId).execute();

export const addEvent = (db: Kysely<DB>, e: { request_id: number; action: string; actor_user_id: number; from_status: InvoiceStatus | null; to_status: InvoiceStatus; note: string; created_at: Date }) =>
  db.insertInto('invoice_event').values(e).execute();

export const eventsOf = (db: Kysely<DB>, requestId: number) =>
  db.selectFrom('invoice_event as e').innerJoin('app_user as u', 'u.id', 'e.actor_user_id').innerJoin('company as c', 'c.id', 'u.company_id')
    .select(['e.action', 'e.from_status', 'e.to_status', 'e.note', 'e.created_at', 'u.display_name as user_name', 'c.name as company_name'])
    .where('e.request_id', '=', requestId).orderBy('e.id').execute();

const withCompanies = (db: Kysely<DB>) =>
  db.selectFrom('invoice_request as r')
    .innerJoin('company as bc', 'bc.id', 'r.buyer_company_id')
    .innerJoin('company as sc', 'sc.id', 'r.seller_company_id');

const orderCount = sql<number>`(select count(*)::int from invoice_request_order ro where ro.request_id = r.id)`.as('order_count');

export const requestByNo = (db: Kysely<DB>, requestNo: string) =>
  withCompanies(db).selectAll('r').select(['bc.name as buyer_company_name', 'sc.name as seller_company_name', 'r.buyer_user_id', orderCount])
    .where('r.request_no', '=', requestNo).executeTakeFirst();

export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestByNo>>>;

export interface RequestFilter { side: 'buyer' | 'seller'; companyId: number; status: InvoiceStatus | ''; no: string }

const filtered = (db: Kysely<DB>, f: RequestFilter, withStatus: boolean) => {
  let q = withCompanies(db).where(f.side === 'buyer' ? 'r.buyer_company_id' : 'r.seller_company_id', '=', f.companyId);
  if (withStatus && f.status) q = q.where('r.status', '=', f.status);
  if (f.no) {
    const like = `%${likeEscape(f.no).toUpperCase()}%`;
    q = q.where((eb) => eb.or([eb('r.request_no', 'like', like), eb('r.invoice_number', 'like', like)]));
  }
  return q;
};

export const searchRequests = (db: Kysely<DB>, f: RequestFilter, limit: number, offset: number) =>
  filtered(db, f, true).selectAll('r').select(['bc.name as buyer_company_name', 'sc.name as seller_company_name', orderCount])
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();

export const countByStatus = (db: Kysely<DB>, f: RequestFilter) =>
  filtered(db, f, false).select(['r.status', sql<number>`count(*)::int`.as('n')]).groupBy('r.status').execute();
