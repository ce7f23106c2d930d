/** The SQL of stocktakes (盘点, docs/warehouse.md "Stocktake"): stocktake, stocktake_count, and the reads of a location's quantity and moves a count needs. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { jsonRows } from '../../db/helpers';
import type { StocktakeCountState } from '../../../shared/domain/stocktake';

export interface StocktakeRow {
  id: number; company_id: number; warehouse_id: number; warehouse_name: string; note: string; state: 'open' | 'closed';
  opened_by: string; opened_at: Date; closed_at: Date | null; counts: number; pending: number;
}

const stocktakeSelect = (db: Kysely<DB>) =>
  db.selectFrom('stocktake as t')
    .innerJoin('warehouse as w', 'w.id', 't.warehouse_id')
    .innerJoin('app_user as u', 'u.id', 't.opened_by')
    .select(['t.id', 't.company_id', 't.warehouse_id', 'w.name as warehouse_name', 't.note', 't.state', 'u.display_name as opened_by', 't.opened_at', 't.closed_at'])
    .select([
      sql<number>`(select count(*)::int from stocktake_count c where c.stocktake_id = t.id)`.as('counts'),
      sql<number>`(select count(*)::int from stocktake_count c where c.stocktake_id = t.id and c.state = 'pending')`.as('pending'),
    ]);

export const stocktakeOf = (db: Kysely<DB>, companyId: number, id: number): Promise<StocktakeRow | undefined> =>
  stocktakeSelect(db).where('t.company_id', '=', companyId).where('t.id', '=', id).executeTakeFirst();

export const recentStocktakes = (db: Kysely<DB>, companyId: number, limit: number): Promise<StocktakeRow[]> =>
  stocktakeSelect(db).where('t.company_id', '=', companyId).orderBy('t.id', 'desc').limit(limit).execute();

export const openStocktakes = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('stocktake').select(['id', 'warehouse_id']).where('company_id', '=', companyId).where('state', '=', 'open').execute();

export const openStocktakeOf = (db: Kysely<DB>, warehouseId: number) =>
  db.selectFrom('stocktake').select('id').where('warehouse_id', '=', warehouseId).where('state', '=', 'open').executeTakeFirst();

/** Locks the stocktake: a count shares it (so a close waits for counts under way), a close takes it whole. */
export const lockStocktake = (db: Kysely<DB>, companyId: number, id: number, mode: 'share' | 'update') => {
  const q = db.selectFrom('stocktake').select(['id', 'warehouse_id', 'state', 'opened_at']).where('company_id', '=', companyId).where('id', '=', id);
  return (mode === 'share' ? q.forShare() : q.forUpdate()).executeTakeFirst();
};

export const insertStocktake = async (db: Kysely<DB>, v: { company_id: number; warehouse_id: number; note: string; opened_by: number }) => {
  const r = await db.insertInto('stocktake').values(v).onConflict((oc) => oc.column('warehouse_id').where(sql<boolean>`state = 'open'`).doNothing()).returning('id').executeTakeFirst();
  return r?.id ?? null;
};

export const closeStocktake = (db: Kysely<DB>, id: number, userId: number) =>
  db.updateTable('stocktake').set({ state: 'closed', closed_by: userId, closed_at: sql`clock_timestamp()` }).where('id', '=', id).where('state', '=', 'open').execute();

/** A location of the company (only what a count needs: its warehouse). */
export const locationOf = (db: Kysely<DB>, companyId: number, id: number) =>
  db.selectFrom('warehouse_location').select(['id', 'warehouse_id', 'code']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();

export const locationsOfWarehouse = (db: Kysely<DB>, warehouseId: number) =>
  db.selectFrom('warehouse_location').select(['id', 'code']).where('warehouse_id', '=', warehouseId).where('active', '=', true).orderBy('code').execute();

export const stockRowOf = (db: Kysely<DB>, companyId: number, id: number) =>
  db.selectFrom('stock').select(['id', 'located', 'quantity']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();

export interface PartRaw { stock_id: number; oe: string; oe_norm: string; name: string; brand: string; quality: string; location_ids: number[] }
const PART_COLUMNS = sql`s.id::int as stock_id, s.supplier_oe as oe, s.oe_norm, s.name,
  coalesce(nullif(s.custom_brand_name, ''), (select name from part_brand where id = s.part_brand_id), '') as brand,
  coalesce((select name from part_quality where id = s.quality_id), '') as quality`;

/** The rows placed in the warehouse, with their locations there (at most `limit`, by OE). */
export const partsOfWarehouse = (db: Kysely<DB>, warehouseId: number, limit: number) =>
  jsonRows<PartRaw>(db, sql`select ${PART_COLUMNS},
      (select coalesce(array_agg(sl.location_id order by sl.location_id), '{}') from stock_location sl join warehouse_location w on w.id = sl.location_id
        where sl.stock_id = s.id and w.warehouse_id = ${warehouseId}) as location_ids
    from stock s where s.id in (select sl.stock_id from stock_location sl join warehouse_location w on w.id = sl.location_id where w.warehouse_id = ${warehouseId})
    order by s.oe_norm, s.id limit ${limit}`, sql`q.oe_norm, q.stock_id`);

/** The company's rows of an OE number, with their locations in the warehouse. */
export const partsByOe = (db: Kysely<DB>, companyId: number, warehouseId: number, oeNorm: string, limit: number) =>
  jsonRows<PartRaw>(db, sql`select ${PART_COLUMNS},
      (select coalesce(array_agg(sl.location_id order by sl.location_id), '{}') from stock_location sl join warehouse_location w on w.id = sl.location_id
        where sl.stock_id = s.id and w.warehouse_id = ${warehouseId}) as location_ids
    from stock s where s.company_id = ${companyId} and s.oe_norm = ${oeNorm} order by s.id limit ${limit}`, sql`q.stock_id`);

/**
 * What the location held at `countedAt`: its quantity now and the sum of the moves logged there
 * after that moment, read in one statement (one snapshot), so an order committing in between is
 * either in both or in neither. Another count's approval after the scan is left out: it corrected
 * the same shelf this count saw, and taking it off again would apply the difference twice.
 */
export const quantityAndMovesAfter = async (db: Kysely<DB>, stockId: number, locationId: number, countedAt: Date) =>
  (await sql<{ now_qty: number; after: number }>`select
      coalesce((select quantity from stock_location where stock_id = ${stockId} and location_id = ${locationId}), 0)::int as now_qty,
      coalesce((select sum(delta) from stock_move where stock_id = ${stockId} and location_id = ${locationId} and at > ${countedAt}
        and reason <> 'stocktake'), 0)::int as after`
    .execute(db)).rows[0];

/** The device's scan time clamped to [opened_at, the database's now]. */
export const clampedAt = async (db: Kysely<DB>, openedAt: Date, deviceAt: Date) =>
  (await sql<{ at: Date }>`select least(greatest(${deviceAt}::timestamptz, ${openedAt}::timestamptz), clock_timestamp()) as at`.execute(db)).rows[0].at;

export interface CountValues {
  stocktake_id: number; company_id: number; location_id: number; stock_id: number; counted: number; counted_at: Date;
  expected: number; delta: number; client_key: string; counted_by: number; state: StocktakeCountState;
}

/** Inserts the count unless its key is known (a replay): the new id, or null. */
export const insertCount = async (db: Kysely<DB>, v: CountValues) =>
  (await db.insertInto('stocktake_count').values(v).onConflict((oc) => oc.columns(['company_id', 'client_key']).doNothing()).returning('id').executeTakeFirst())?.id ?? null;

/** Earlier undecided counts of the same row at the same location give way to the new one. */
export const supersedeEarlier = (db: Kysely<DB>, v: { stocktake_id: number; location_id: number; stock_id: number; id: number }) =>
  db.updateTable('stocktake_count').set({ state: 'superseded' })
    .where('stocktake_id', '=', v.stocktake_id).where('location_id', '=', v.location_id).where('stock_id', '=', v.stock_id)
    .where('id', '<', v.id).where('state', 'in', ['pending', 'matched']).execute();

export interface CountRaw {
  id: number; stocktake_id: number; client_key: string; location_id: number; location_code: string; stock_id: number; oe: string; name: string;
  brand: string; quality: string; counted: number; expected: number; delta: number; counted_at: Date; counted_by: string; state: StocktakeCountState;
  applied: number | null; decided_by: string; decided_at: Date | null;
}

const countSelect = (db: Kysely<DB>) =>
  db.selectFrom('stocktake_count as c')
    .innerJoin('warehouse_location as l', 'l.id', 'c.location_id')
    .innerJoin('app_user as u', 'u.id', 'c.counted_by')
    .leftJoin('app_user as d', 'd.id', 'c.decided_by')
    .leftJoin('stock as s', 's.id', 'c.stock_id')
    .select(['c.id', 'c.stocktake_id', 'c.client_key', 'c.location_id', 'l.code as location_code', 'c.stock_id', 'c.counted', 'c.expected', 'c.delta',
      'c.counted_at', 'u.display_name as counted_by', 'c.state', 'c.applied', 'c.decided_at'])
    .select([
      sql<string>`coalesce(s.supplier_oe, '')`.as('oe'),
      sql<string>`coalesce(s.name, '')`.as('name'),
      sql<string>`coalesce(nullif(s.custom_brand_name, ''), (select name from part_brand where id = s.part_brand_id), '')`.as('brand'),
      sql<string>`coalesce((select name from part_quality where id = s.quality_id), '')`.as('quality'),
      sql<string>`coalesce(d.display_name, '')`.as('decided_by'),
    ]);

export const countByKey = (db: Kysely<DB>, companyId: number, key: string): Promise<CountRaw | undefined> =>
  countSelect(db).where('c.company_id', '=', companyId).where('c.client_key', '=', key).executeTakeFirst();

export const countsOf = (db: Kysely<DB>, stocktakeId: number, diffOnly: boolean, limit: number): Promise<CountRaw[]> => {
  let q = countSelect(db).where('c.stocktake_id', '=', stocktakeId);
  if (diffOnly) q = q.where('c.delta', '<>', 0).where('c.state', '<>', 'superseded');
  return q.orderBy('c.id', 'desc').limit(limit).execute();
};

export const countTotal = async (db: Kysely<DB>, stocktakeId: number, diffOnly: boolean) => {
  let q = db.selectFrom('stocktake_count').select(sql<number>`count(*)::int`.as('n')).where('stocktake_id', '=', stocktakeId);
  if (diffOnly) q = q.where('delta', '<>', 0).where('state', '<>', 'superseded');
  return (await q.executeTakeFirstOrThrow()).n;
};

/** The pending differences to decide: the ids given, or all of the stocktake's, in stock row order (the order rows are locked in). */
export const pendingIds = async (db: Kysely<DB>, stocktakeId: number, ids: readonly number[] | null) => {
  let q = db.selectFrom('stocktake_count').select('id').where('stocktake_id', '=', stocktakeId).where('state', '=', 'pending');
  if (ids) q = q.where('id', 'in', ids.length ? [...ids] : [0]);
  return (await q.orderBy('stock_id').orderBy('id').execute()).map((r) => Number(r.id));
};

export const countsInStocktake = async (db: Kysely<DB>, stocktakeId: number, ids: readonly number[]) =>
  ids.length === 0 ? 0 : (await db.selectFrom('stocktake_count').select(sql<number>`count(*)::int`.as('n')).where('stocktake_id', '=', stocktakeId).where('id', 'in', [...ids]).executeTakeFirstOrThrow()).n;

export const lockCount = (db: Kysely<DB>, id: number) =>
  db.selectFrom('stocktake_count').select(['id', 'state', 'stock_id', 'location_id', 'company_id', 'delta']).where('id', '=', id).forUpdate().executeTakeFirst();

/** The stock row first, then its place at the location: the order an order's write takes them in. */
export const lockRowAndPlace = async (db: Kysely<DB>, stockId: number, locationId: number) => {
  const row = await db.selectFrom('stock').select(['id', 'quantity', 'oe_norm']).where('id', '=', stockId).forUpdate().executeTakeFirst();
  if (!row) return null;
  const place = await db.selectFrom('stock_location').select('quantity').where('stock_id', '=', stockId).where('location_id', '=', locationId).forUpdate().executeTakeFirst();
  return { row, place };
};

export const setMoveReason = (db: Kysely<DB>, reason: string) => sql`select set_config('qph.move_reason', ${reason}, true)`.execute(db);

export const setPlace = async (db: Kysely<DB>, v: { company_id: number; stock_id: number; location_id: number; quantity: number }, existed: boolean) => {
  if (existed) {
    await db.updateTable('stock_location').set({ quantity: v.quantity }).where('stock_id', '=', v.stock_id).where('location_id', '=', v.location_id).execute();
  } else {
    await db.insertInto('stock_location').values(v).execute();
  }
};

export const rowQuantity = async (db: Kysely<DB>, stockId: number) =>
  (await db.selectFrom('stock').select('quantity').where('id', '=', stockId).executeTakeFirstOrThrow()).quantity;

export const decideCount = (db: Kysely<DB>, id: number, v: { state: 'approved' | 'rejected'; applied: number | null; decided_by: number }) =>
  db.updateTable('stocktake_count').set({ ...v, decided_at: sql`clock_timestamp()` }).where('id', '=', id).execute();

export const isOwner = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirst())?.is_owner === true;
