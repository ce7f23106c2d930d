/**
 * Warehouses and shelf locations (仓库设置, back office M03, docs/warehouse.md). Rules:
 * - Every call acts on the caller's company; a warehouse or location of another company is "not
 *   found" (404), so its existence is not told.
 * - A warehouse name is unique in the company; a location code unique in its warehouse (stored
 *   upper case). A range A-01-01 … A-01-20 creates the codes not there yet and names the others.
 * - A warehouse holding stock is deactivated instead of deleted; a location holding stock is
 *   refused. Inactive warehouses and locations take no new stock.
 * The lookups at the end (a row's locations, a location by code, an import line's locations) are
 * what the stock page, the stock import and the stocktake use; this file imports no other module.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type RowLocation, type Warehouse, type WarehouseLocation, type WarehouseSave } from '../../../shared/contracts';
import { locationLabel, locationRange, warehouseText, type LocationPart } from '../../../shared/domain/warehouse';
import * as repo from './warehouse.repo';

const warehouseNotFound = () => new AppError(ResultCode.notFound, 404, warehouseText.warehouseNotFound);
const locationNotFound = () => new AppError(ResultCode.notFound, 404, warehouseText.locationNotFound);

const warehouseShape = (w: repo.WarehouseRow): Warehouse => ({
  id: w.id, name: w.name, address: w.address, note: w.note, active: w.active, location_count: w.location_count, quantity: w.quantity, created: unix(w.created_at),
});

const locationShape = (l: repo.LocationRow): WarehouseLocation => ({
  id: l.id, warehouse_id: l.warehouse_id, warehouse_name: l.warehouse_name, code: l.code, note: l.note, active: l.active, row_count: l.row_count, quantity: l.quantity,
});

export const createWarehouseService = (clock: Clock) => {
  const oneWarehouse = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const w = await repo.warehouseOf(db, caller.companyId, id);
    if (!w) throw warehouseNotFound();
    return warehouseShape(w);
  };
  const oneLocation = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const l = await repo.locationOf(db, caller.companyId, id);
    if (!l) throw locationNotFound();
    return l;
  };

  return {
    list: async (db: Kysely<DB>, caller: Caller) => ({ data: (await repo.warehousesOf(db, caller.companyId)).map(warehouseShape) }),

    create: (db: Kysely<DB>, caller: Caller, p: WarehouseSave) =>
      inTransaction(db, async (trx) => {
        if (await repo.nameTaken(trx, caller.companyId, p.name, null)) throw invalid('name', warehouseText.nameTaken(p.name));
        const id = await repo.insertWarehouse(trx, caller.companyId, p, clock.now());
        return oneWarehouse(trx, caller, id);
      }),

    update: (db: Kysely<DB>, caller: Caller, id: number, p: WarehouseSave) =>
      inTransaction(db, async (trx) => {
        if (!(await repo.lockWarehouse(trx, caller.companyId, id))) throw warehouseNotFound();
        if (await repo.nameTaken(trx, caller.companyId, p.name, id)) throw invalid('name', warehouseText.nameTaken(p.name));
        await repo.updateWarehouse(trx, caller.companyId, id, p);
        return oneWarehouse(trx, caller, id);
      }),

    /** Deleted with its locations when it holds nothing; deactivated when it still holds stock. */
    remove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const w = await repo.lockWarehouse(trx, caller.companyId, id);
        if (!w) throw warehouseNotFound();
        if ((await repo.warehouseQuantity(trx, id)) > 0) {
          await trx.updateTable('warehouse').set({ active: false }).where('id', '=', id).execute();
          return { id, outcome: 'deactivated' as const };
        }
        if (!(await repo.deleteWarehouse(trx, caller.companyId, id))) {
          await trx.updateTable('warehouse').set({ active: false }).where('id', '=', id).execute();
          return { id, outcome: 'deactivated' as const };
        }
        return { id, outcome: 'deleted' as const };
      }),

    async locations(db: Kysely<DB>, caller: Caller, p: PayloadOut<'locationList'>) {
      const f = { warehouse_id: p.warehouse_id, keyword: p.keyword, active: p.active };
      const [rows, total] = await Promise.all([
        repo.locationsOf(db, caller.companyId, f, (p.page_number - 1) * p.page_size, p.page_size), repo.countLocations(db, caller.companyId, f),
      ]);
      return { data: rows.map(locationShape), total };
    },

    createLocations: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'locationCreate'>) =>
      inTransaction(db, async (trx) => {
        const w = await repo.lockWarehouse(trx, caller.companyId, p.warehouse_id);
        if (!w) throw invalid('warehouse_id', warehouseText.warehouseNotFound);
        if (!w.active) throw invalid('warehouse_id', warehouseText.warehouseInactive(w.name));
        let codes = [p.code];
        if (p.to_code !== '' && p.to_code !== p.code) {
          const range = locationRange(p.code, p.to_code);
          if (range === null) throw invalid('to_code', warehouseText.rangeBad);
          if (range.length === 0) throw invalid('to_code', warehouseText.rangeTooMany);
          codes = range;
        }
        const created = new Set(await repo.insertLocations(trx, caller.companyId, w.id, codes, p.note, clock.now()));
        if (codes.length === 1 && created.size === 0) throw invalid('code', warehouseText.codeTaken(w.name, p.code));
        return { created: created.size, skipped: codes.filter((c) => !created.has(c)) };
      }),

    updateLocation: (db: Kysely<DB>, caller: Caller, id: number, p: PayloadOut<'locationUpdate'>) =>
      inTransaction(db, async (trx) => {
        const l = await oneLocation(trx, caller, id);
        if (p.code !== l.code && (await repo.codeTaken(trx, l.warehouse_id, p.code, id))) throw invalid('code', warehouseText.codeTaken(l.warehouse_name, p.code));
        await repo.updateLocation(trx, caller.companyId, id, { code: p.code, note: p.note, active: p.active });
        return locationShape(await oneLocation(trx, caller, id));
      }),

    removeLocation: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const l = await oneLocation(trx, caller, id);
        if (l.quantity > 0) throw conflict(warehouseText.locationHoldsStock(l.code, l.quantity));
        if (!(await repo.deleteLocation(trx, caller.companyId, id))) {
          const now = await oneLocation(trx, caller, id);
          throw conflict(warehouseText.locationHoldsStock(now.code, now.quantity));
        }
        return { id };
      }),
  };
};
export type WarehouseService = ReturnType<typeof createWarehouseService>;

// ---- lookups for the stock page, the stock import and the stocktake

const rowLocationShape = (r: repo.RowLocationRaw): RowLocation => ({
  location_id: r.location_id, warehouse_id: r.warehouse_id, warehouse_name: r.warehouse_name, code: r.code, quantity: r.quantity,
});

/** The locations of these stock rows (any company: callers pass their own rows), in warehouse then code order. */
export const locationsOfRows = async (db: Kysely<DB>, stockIds: readonly number[]): Promise<Map<number, RowLocation[]>> => {
  const m = new Map<number, RowLocation[]>();
  for (const r of await repo.rowLocations(db, stockIds)) m.set(r.stock_id, [...(m.get(r.stock_id) ?? []), rowLocationShape(r)]);
  return m;
};

export interface LocationRef { id: number; warehouse_id: number; warehouse_name: string; code: string; active: boolean }

/**
 * The company's location by its code, in the named warehouse ('' or null: the one warehouse that
 * has the code). Answers the location or why not, in Chinese naming it (unknown, in several
 * warehouses, inactive).
 */
export const locationByCode = async (db: Kysely<DB>, companyId: number, warehouse: string | null, code: string): Promise<LocationRef | { problem: string }> =>
  (await resolveLocations(db, companyId, [{ warehouse: warehouse ?? '', code, quantity: null }]))[0];

/** resolveLocations for many parts at once: one query for all their codes. */
export const resolveLocations = async (db: Kysely<DB>, companyId: number, parts: readonly LocationPart[]): Promise<Array<LocationRef | { problem: string }>> => {
  const found = await repo.locationsByCodes(db, companyId, parts.map((p) => p.code));
  return parts.map((p) => {
    const matches = found.filter((l) => l.code === p.code && (p.warehouse === '' || l.warehouse_name === p.warehouse));
    const label = p.warehouse ? locationLabel(p.warehouse, p.code) : p.code;
    if (matches.length === 0) return { problem: `库位 ${label} 不存在，请先在“仓库设置”中新建` };
    if (matches.length > 1) return { problem: `库位 ${p.code} 在多个仓库中都有，请写成 仓库名/${p.code}` };
    const l = matches[0];
    if (!l.warehouse_active) return { problem: warehouseText.warehouseInactive(l.warehouse_name) };
    if (!l.active) return { problem: warehouseText.locationInactive(locationLabel(l.warehouse_name, l.code)) };
    return { id: l.id, warehouse_id: l.warehouse_id, warehouse_name: l.warehouse_name, code: l.code, active: l.active };
  });
};

/**
 * An import line's 库位: the row's placings become exactly these (each location its quantity; a
 * single location without a quantity takes the line's whole quantity), so the row's quantity is
 * their sum. Runs in the import's transaction with the move reason 'import'.
 */
export const replaceRowLocations = async (trx: Kysely<DB>, companyId: number, stockId: number, placings: ReadonlyArray<{ location_id: number; quantity: number }>) => {
  await repo.setMoveReason(trx, 'import');
  const keep = new Set(placings.map((p) => p.location_id));
  for (const r of await repo.rowLocations(trx, [stockId])) if (!keep.has(r.location_id)) await repo.removePlacing(trx, stockId, r.location_id);
  for (const p of placings) await repo.setPlacing(trx, companyId, stockId, p.location_id, p.quantity);
};
