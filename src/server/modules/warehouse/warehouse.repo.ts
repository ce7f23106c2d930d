/**
 * Warehouses, locations and each stock row's quantity per location (tables warehouse,
 * warehouse_location, stock_location, migration 0540, docs/warehouse.md). Every statement of the
 * seller's side is scoped by company_id. Writes to stock_location keep stock.quantity equal to the
 * sum of the row's locations through the migration's triggers; nothing here writes stock itself.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface WarehouseValues { name: string; address: string; note: string; active: boolean }

const warehouseQuery = (db: Kysely<DB>) =>
  db.selectFrom('warehouse as w').select([
    'w.id', 'w.company_id', 'w.name', 'w.address', 'w.note', 'w.active', 'w.created_at',
    sql<number>`(select count(*)::int from warehouse_location l where l.warehouse_id = w.id)`.as('location_count'),
    sql<number>`(select coalesce(sum(sl.quantity), 0)::int from warehouse_location l join stock_location sl on sl.location_id = l.id where l.warehouse_id = w.id)`.as('quantity'),
  ]);
export type WarehouseRow = Awaited<ReturnType<ReturnType<typeof warehouseQuery>['executeTakeFirstOrThrow']>>;

export const warehousesOf = (db: Kysely<DB>, companyId: number) =>
  warehouseQuery(db).where('w.company_id', '=', companyId).orderBy('w.active', 'desc').orderBy('w.id').execute();

export const warehouseOf = (db: Kysely<DB>, companyId: number, id: number) =>
  warehouseQuery(db).where('w.company_id', '=', companyId).where('w.id', '=', id).executeTakeFirst();

/** The company's warehouse row locked for this transaction (no counts). */
export const lockWarehouse = (db: Kysely<DB>, companyId: number, id: number) =>
  db.selectFrom('warehouse').select(['id', 'name', 'active']).where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();

export const nameTaken = async (db: Kysely<DB>, companyId: number, name: string, exceptId: number | null) =>
  (await db.selectFrom('warehouse').select('id').where('company_id', '=', companyId).where('name', '=', name)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!)).executeTakeFirst()) !== undefined;

export const insertWarehouse = (db: Kysely<DB>, companyId: number, v: WarehouseValues, now: Date) =>
  db.insertInto('warehouse').values({ company_id: companyId, ...v, created_at: now }).returning('id').executeTakeFirstOrThrow().then((r) => r.id);

export const updateWarehouse = (db: Kysely<DB>, companyId: number, id: number, v: WarehouseValues) =>
  db.updateTable('warehouse').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();

/** Pieces held in the warehouse's locations. */
export const warehouseQuantity = async (db: Kysely<DB>, warehouseId: number) =>
  (await sql<{ n: number }>`select coalesce(sum(sl.quantity), 0)::int as n from warehouse_location l join stock_location sl on sl.location_id = l.id
    where l.warehouse_id = ${warehouseId}`.execute(db)).rows[0].n;

/**
 * The warehouse, its locations and their empty placings go (the rows' quantities stay as they are).
 * Only placings holding nothing are deleted, so stock given back to one of them meanwhile (an order
 * cancelled) is never lost: then nothing goes and the answer is false.
 */
export const deleteWarehouse = async (db: Kysely<DB>, companyId: number, id: number) => {
  await sql`delete from stock_location where quantity = 0 and location_id in (select id from warehouse_location where warehouse_id = ${id} and company_id = ${companyId})`.execute(db);
  const held = await sql`select 1 from stock_location where location_id in (select id from warehouse_location where warehouse_id = ${id} and company_id = ${companyId}) limit 1`.execute(db);
  if (held.rows.length > 0) return false;
  await db.deleteFrom('warehouse_location').where('warehouse_id', '=', id).where('company_id', '=', companyId).execute();
  await db.deleteFrom('warehouse').where('id', '=', id).where('company_id', '=', companyId).execute();
  return true;
};

const locationQuery = (db: Kysely<DB>) =>
  db.selectFrom('warehouse_location as l').innerJoin('warehouse as w', 'w.id', 'l.warehouse_id').select([
    'l.id', 'l.company_id', 'l.warehouse_id', 'w.name as warehouse_name', 'w.active as warehouse_active', 'l.code', 'l.note', 'l.active',
    sql<number>`(select count(*)::int from stock_location sl where sl.location_id = l.id)`.as('row_count'),
    sql<number>`(select coalesce(sum(sl.quantity), 0)::int from stock_location sl where sl.location_id = l.id)`.as('quantity'),
  ]);
export type LocationRow = Awaited<ReturnType<ReturnType<typeof locationQuery>['executeTakeFirstOrThrow']>>;

export interface LocationFilter { warehouse_id: number | null; keyword: string; active: '' | 'on' | 'off' }

const locationFiltered = (db: Kysely<DB>, companyId: number, f: LocationFilter) => {
  let q = db.selectFrom('warehouse_location as l').where('l.company_id', '=', companyId);
  if (f.warehouse_id !== null) q = q.where('l.warehouse_id', '=', f.warehouse_id);
  if (f.keyword) q = q.where('l.code', 'like', `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.active) q = q.where('l.active', '=', f.active === 'on');
  return q;
};

export const locationsOf = async (db: Kysely<DB>, companyId: number, f: LocationFilter, offset: number, limit: number) => {
  const ids = (await locationFiltered(db, companyId, f).select('l.id').orderBy('l.warehouse_id').orderBy('l.code').offset(offset).limit(limit).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await locationQuery(db).where('l.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
};

export const countLocations = async (db: Kysely<DB>, companyId: number, f: LocationFilter) =>
  (await locationFiltered(db, companyId, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

export const locationOf = (db: Kysely<DB>, companyId: number, id: number) =>
  locationQuery(db).where('l.company_id', '=', companyId).where('l.id', '=', id).executeTakeFirst();

/** Inserts the codes not yet in the warehouse; answers the codes inserted. */
export const insertLocations = async (db: Kysely<DB>, companyId: number, warehouseId: number, codes: string[], note: string, now: Date) =>
  codes.length === 0 ? [] : (await db.insertInto('warehouse_location')
    .values(codes.map((code) => ({ company_id: companyId, warehouse_id: warehouseId, code, note, created_at: now })))
    .onConflict((oc) => oc.columns(['warehouse_id', 'code']).doNothing()).returning('code').execute()).map((r) => r.code);

export const codeTaken = async (db: Kysely<DB>, warehouseId: number, code: string, exceptId: number) =>
  (await db.selectFrom('warehouse_location').select('id').where('warehouse_id', '=', warehouseId).where('code', '=', code).where('id', '<>', exceptId).executeTakeFirst()) !== undefined;

export const updateLocation = (db: Kysely<DB>, companyId: number, id: number, v: { code: string; note: string; active: boolean }) =>
  db.updateTable('warehouse_location').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();

/** Empty placings go with the location; false (nothing deleted) when one holds stock by now. */
export const deleteLocation = async (db: Kysely<DB>, companyId: number, id: number) => {
  await db.deleteFrom('stock_location').where('location_id', '=', id).where('company_id', '=', companyId).where('quantity', '=', 0).execute();
  const held = await db.selectFrom('stock_location').select('stock_id').where('location_id', '=', id).limit(1).executeTakeFirst();
  if (held) return false;
  await db.deleteFrom('warehouse_location').where('id', '=', id).where('company_id', '=', companyId).execute();
  return true;
};

/** The locations named by (warehouse name, code) of the company; warehouse '' matches any warehouse. */
export const locationsByCodes = async (db: Kysely<DB>, companyId: number, codes: readonly string[]) =>
  codes.length === 0 ? [] : db.selectFrom('warehouse_location as l').innerJoin('warehouse as w', 'w.id', 'l.warehouse_id')
    .select(['l.id', 'l.warehouse_id', 'w.name as warehouse_name', 'l.code', 'l.active', 'w.active as warehouse_active'])
    .where('l.company_id', '=', companyId).where('l.code', 'in', [...new Set(codes)]).orderBy('l.warehouse_id').execute();

// ---- a stock row's locations

/** The stock row's owner and quantity, locked for this transaction when asked (the stock table is read, never written, here). */
export const stockRowOf = async (db: Kysely<DB>, id: number, lock = false) =>
  (await sql<{ id: number; company_id: number; quantity: number; qty_version: number; supplier_oe: string; oe_norm: string }>`
    select id::int as id, company_id, quantity, qty_version, supplier_oe, oe_norm from stock where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db)).rows[0];

export interface RowLocationRaw { stock_id: number; location_id: number; warehouse_id: number; warehouse_name: string; code: string; quantity: number }

/** The locations of these rows, in warehouse then code order (the order the triggers take from). */
export const rowLocations = async (db: Kysely<DB>, stockIds: readonly number[]): Promise<RowLocationRaw[]> =>
  stockIds.length === 0 ? [] : (await sql<RowLocationRaw>`
    select sl.stock_id::int as stock_id, sl.location_id, l.warehouse_id, w.name as warehouse_name, l.code, sl.quantity
      from stock_location sl join warehouse_location l on l.id = sl.location_id join warehouse w on w.id = l.warehouse_id
     where sl.stock_id = any(${sql.val([...stockIds])}::bigint[])
     order by sl.stock_id, l.warehouse_id, l.code`.execute(db)).rows;

export const placing = (db: Kysely<DB>, stockId: number, locationId: number, lock = false) => {
  const q = db.selectFrom('stock_location').select(['quantity']).where('stock_id', '=', stockId).where('location_id', '=', locationId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/** The row's quantity at the location becomes `quantity` (placed there when it was not). */
export const setPlacing = (db: Kysely<DB>, companyId: number, stockId: number, locationId: number, quantity: number) =>
  db.insertInto('stock_location').values({ stock_id: stockId, location_id: locationId, company_id: companyId, quantity })
    .onConflict((oc) => oc.columns(['stock_id', 'location_id']).doUpdateSet({ quantity })).execute();

export const addToPlacing = (db: Kysely<DB>, companyId: number, stockId: number, locationId: number, delta: number) =>
  db.insertInto('stock_location').values({ stock_id: stockId, location_id: locationId, company_id: companyId, quantity: delta })
    .onConflict((oc) => oc.columns(['stock_id', 'location_id']).doUpdateSet({ quantity: sql`stock_location.quantity + ${delta}` })).execute();

export const removePlacing = (db: Kysely<DB>, stockId: number, locationId: number) =>
  db.deleteFrom('stock_location').where('stock_id', '=', stockId).where('location_id', '=', locationId).execute();

/** Every placing of the row goes (before an import writes the row's locations anew). */
export const clearPlacings = (db: Kysely<DB>, stockId: number) => db.deleteFrom('stock_location').where('stock_id', '=', stockId).execute();

/** The transaction's reason for the moves it logs (stock_move.reason). */
export const setMoveReason = (db: Kysely<DB>, reason: string) => sql`select set_config('qph.move_reason', ${reason}, true)`.execute(db);
