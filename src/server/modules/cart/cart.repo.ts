/** Cart lines (table cart_item): one user's chosen stock rows with quantity, tax flag and tick. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CartTypeCode } from '../../../shared/domain/cart';

/**
 * The brand a stock row is sold under: its catalogue brand, else the seller's own text
 * (custom_brand_name). The stock schema requires one of the two (shared/contracts/stock.ts), so a
 * line never shows an empty brand (docs/api.md, "Brand of a line").
 */
export const stockBrand = sql<string>`coalesce(b.name, nullif(s.custom_brand_name, ''), '')`;

/** The user's lines joined with their stock row and seller, as the service prices them. */
const lineQuery = (db: Kysely<DB>, userId: number, typeCode: CartTypeCode) =>
  db.selectFrom('cart_item as c')
    .innerJoin('stock as s', 's.id', 'c.stock_id')
    .innerJoin('company as co', 'co.id', 's.company_id')
    .innerJoin('part_quality as q', 'q.id', 's.quality_id')
    .leftJoin('part_brand as b', 'b.id', 's.part_brand_id')
    .select([
      'c.id', 'c.stock_id', 'c.qty', 'c.include_tax', 'c.checked', 'c.type_code', 'c.circle_id',
      's.company_id as seller_id', 'co.name as seller_name', 'co.province', 'co.city',
      's.supplier_oe', 's.name', 's.uom_name', 's.quantity', 's.state',
      's.price99', 's.price0', 's.price1', 's.price2', 's.price3', 's.price5',
      'q.name as quality_name', 'q.is_original', stockBrand.as('brand_name'),
    ])
    .where('c.user_id', '=', userId).where('c.type_code', '=', typeCode);

export const linesOf = (db: Kysely<DB>, userId: number, typeCode: CartTypeCode) =>
  lineQuery(db, userId, typeCode)
    // sellers in the order their first line was added, lines newest first within a seller
    .orderBy(sql`min(c.created_at) over (partition by s.company_id)`).orderBy('s.company_id').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc')
    .execute();
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * The user's lines of these ids with their stock, both locked for an order (stock rows in id
 * order, so two checkouts sharing rows queue instead of deadlocking).
 */
export const linesForOrder = (db: Kysely<DB>, userId: number, typeCode: CartTypeCode, ids: number[]): Promise<LineRow[]> =>
  lineQuery(db, userId, typeCode).where('c.id', 'in', ids).orderBy('s.id').forUpdate(['c', 's']).execute();

/** The stock row to add, locked so two adds of the same row cannot both pass the quantity check. */
export const stockForUpdate = (db: Kysely<DB>, stockId: number) =>
  db.selectFrom('stock').select(['id', 'company_id', 'quantity', 'state', 'price99', 'price0', 'price1', 'price2', 'price3', 'price5'])
    .where('id', '=', stockId).forUpdate().executeTakeFirst();

export const lineOfStock = (db: Kysely<DB>, userId: number, typeCode: CartTypeCode, stockId: number) =>
  db.selectFrom('cart_item').select(['id', 'qty', 'circle_id']).where('user_id', '=', userId).where('type_code', '=', typeCode).where('stock_id', '=', stockId).executeTakeFirst();

export const countLines = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('cart_item').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n;

export const insertLine = (db: Kysely<DB>, row: { user_id: number; company_id: number; stock_id: number; type_code: CartTypeCode; qty: number; now: Date; circle_id: number | null }) =>
  db.insertInto('cart_item')
    .values({
      user_id: row.user_id, company_id: row.company_id, stock_id: row.stock_id, type_code: row.type_code, qty: row.qty, created_at: row.now, updated_at: row.now,
      circle_id: row.circle_id,
    })
    .returning(['id', 'qty']).executeTakeFirstOrThrow();

/** One of the user's lines with its stock, locked for the change. */
export const ownLineForUpdate = (db: Kysely<DB>, userId: number, id: number) =>
  db.selectFrom('cart_item as c').innerJoin('stock as s', 's.id', 'c.stock_id')
    .select(['c.id', 'c.qty', 'c.include_tax', 'c.circle_id', 's.company_id', 's.id as stock_id', 's.quantity', 's.state', 's.price99', 's.price0', 's.price1', 's.price2', 's.price3', 's.price5'])
    .where('c.id', '=', id).where('c.user_id', '=', userId).forUpdate().executeTakeFirst();

export const setLine = (db: Kysely<DB>, id: number, change: { qty?: number; include_tax?: boolean; circle_id?: number | null }, now: Date) =>
  db.updateTable('cart_item').set({ ...change, updated_at: now }).where('id', '=', id).returning(['id', 'qty', 'include_tax']).executeTakeFirstOrThrow();

/** How many of these ids are the user's lines. */
export const ownIds = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  (await db.selectFrom('cart_item').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute()).map((r) => r.id);

export const setChecked = async (db: Kysely<DB>, userId: number, ids: number[], checked: boolean, now: Date) =>
  Number((await db.updateTable('cart_item').set({ checked, updated_at: now }).where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst()).numUpdatedRows);

export const removeLines = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  Number((await db.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);

/* ---- 临时产品: accepted quotes ---- */

/** A cart line that is an accepted quote, with what prices and limits it. */
export interface QuoteLineRow {
  id: number; quote_id: number; qty: number; checked: boolean; seller_id: number; seller_name: string; province: string; city: string;
  oe: string; name: string; line_qty: number; quote_qty: number; price_fen: number; valid_until: Date; brand: string; quality: string;
  delivery_days: number; enquiry_id: number; enquiry_no: string; enquiry_state: 'draft' | 'open' | 'ended' | 'cancelled';
}

const QUOTE_LINES = sql`select c.id, c.quote_id, c.qty, c.checked, q.seller_company_id as seller_id, co.name as seller_name,
    coalesce(co.province, '') as province, coalesce(co.city, '') as city, l.oe, l.name, l.qty as line_qty, q.qty as quote_qty, q.price_fen,
    q.valid_until, q.brand, q.quality, q.delivery_days, e.id as enquiry_id, e.enquiry_no, e.state as enquiry_state
  from cart_item c join quote q on q.id = c.quote_id join enquiry_line l on l.id = q.line_id join enquiry e on e.id = q.enquiry_id
    join company co on co.id = q.seller_company_id`;

export const quoteLinesOf = async (db: Kysely<DB>, userId: number) =>
  (await sql<QuoteLineRow>`${QUOTE_LINES} where c.user_id = ${userId} and c.type_code = '临时产品'
    order by min(c.created_at) over (partition by q.seller_company_id), q.seller_company_id, c.created_at desc, c.id desc`.execute(db)).rows;

/** The user's quote lines of these ids, locked with their quotes for an order. */
export const quoteLinesForOrder = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  (await sql<QuoteLineRow>`${QUOTE_LINES} where c.user_id = ${userId} and c.type_code = '临时产品' and c.id = any(${ids}::int[])
    order by q.id for update of c, q`.execute(db)).rows;

/** One of the user's lines, whichever its kind, locked for a change. */
export const ownCartRowForUpdate = (db: Kysely<DB>, userId: number, id: number) =>
  db.selectFrom('cart_item').select(['id', 'quote_id', 'qty']).where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();

export const quoteLineForUpdate = async (db: Kysely<DB>, userId: number, id: number) =>
  (await sql<QuoteLineRow>`${QUOTE_LINES} where c.user_id = ${userId} and c.id = ${id} for update of c`.execute(db)).rows[0];

export const insertQuoteLine = (db: Kysely<DB>, row: { user_id: number; company_id: number; quote_id: number; qty: number; now: Date }) =>
  sql<{ id: number; qty: number }>`insert into cart_item (user_id, company_id, quote_id, type_code, qty, created_at, updated_at)
    values (${row.user_id}, ${row.company_id}, ${row.quote_id}, '临时产品', ${row.qty}, ${row.now}, ${row.now})
    on conflict (user_id, quote_id) where quote_id is not null do nothing returning id, qty`.execute(db).then((r) => r.rows[0] ?? null);

/**
 * Quotes whose cart lines were removed without being ordered are no longer accepted (the seller
 * may change them again). Quotes of these cart ids, captured before the delete.
 */
export const quoteIdsOfLines = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  (await db.selectFrom('cart_item').select('quote_id').where('user_id', '=', userId).where('id', 'in', ids).where('quote_id', 'is not', null).execute())
    .map((r) => r.quote_id!);

export const releaseQuotes = async (db: Kysely<DB>, quoteIds: number[]) => {
  if (quoteIds.length === 0) return;
  await sql`update quote set accepted = false where id = any(${quoteIds}::int[]) and accepted
    and not exists (select 1 from cart_item c where c.quote_id = quote.id)
    and not exists (select 1 from goods_order_line o where o.quote_id = quote.id)`.execute(db);
};
