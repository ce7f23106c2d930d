/** Cart lines (table cart_item): one user's chosen stock rows with quantity, tax flag and tick. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CartTypeCode } from '../../../shared/domain/cart';

/** The user's lines joined with their stock row and seller, as the service prices them. */
const lineQuery = (db: Kysely<DB>, userId: number, typeCode: CartTypeCode) =>
  db.selectFrom('cart_item as c')
    .innerJoin('stock as s', 's.id', 'c.stock_id')
    .innerJoin('company as co', 'co.id', 's.company_id')
    .innerJoin('part_quality as q', 'q.id', 's.quality_id')
    .leftJoin('part_brand as b', 'b.id', 's.part_brand_id')
    .select([
      'c.id', 'c.stock_id', 'c.qty', 'c.include_tax', 'c.checked', 'c.type_code',
      's.company_id as seller_id', 'co.name as seller_name', 'co.province', 'co.city',
      's.supplier_oe', 's.name', 's.uom_name', 's.quantity', 's.state',
      's.price99', 's.price0', 's.price1', 's.price2', 's.price3', 's.price5',
      'q.name as quality_name', 'q.is_original', 'b.name as brand_name',
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
  db.selectFrom('cart_item').select(['id', 'qty']).where('user_id', '=', userId).where('type_code', '=', typeCode).where('stock_id', '=', stockId).executeTakeFirst();

export const countLines = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('cart_item').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n;

export const insertLine = (db: Kysely<DB>, row: { user_id: number; company_id: number; stock_id: number; type_code: CartTypeCode; qty: number; now: Date }) =>
  db.insertInto('cart_item')
    .values({ user_id: row.user_id, company_id: row.company_id, stock_id: row.stock_id, type_code: row.type_code, qty: row.qty, created_at: row.now, updated_at: row.now })
    .returning(['id', 'qty']).executeTakeFirstOrThrow();

/** One of the user's lines with its stock, locked for the change. */
export const ownLineForUpdate = (db: Kysely<DB>, userId: number, id: number) =>
  db.selectFrom('cart_item as c').innerJoin('stock as s', 's.id', 'c.stock_id')
    .select(['c.id', 'c.qty', 'c.include_tax', 's.quantity', 's.state', 's.price99', 's.price0', 's.price1', 's.price2', 's.price3', 's.price5'])
    .where('c.id', '=', id).where('c.user_id', '=', userId).forUpdate().executeTakeFirst();

export const setLine = (db: Kysely<DB>, id: number, change: { qty?: number; include_tax?: boolean }, now: Date) =>
  db.updateTable('cart_item').set({ ...change, updated_at: now }).where('id', '=', id).returning(['id', 'qty', 'include_tax']).executeTakeFirstOrThrow();

/** How many of these ids are the user's lines. */
export const ownIds = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  (await db.selectFrom('cart_item').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute()).map((r) => r.id);

export const setChecked = async (db: Kysely<DB>, userId: number, ids: number[], checked: boolean, now: Date) =>
  Number((await db.updateTable('cart_item').set({ checked, updated_at: now }).where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst()).numUpdatedRows);

export const removeLines = async (db: Kysely<DB>, userId: number, ids: number[]) =>
  Number((await db.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
