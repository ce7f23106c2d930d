/**
 * 盘点 (docs/warehouse.md "Stocktake"). Rules:
 * - Every call acts on the caller's company; a stocktake, location or row of another company is
 *   refused under its field, and nothing changes.
 * - A count records what the system expected at the location at the moment of the scan (its
 *   quantity now minus the moves logged there after the scan) and the difference; the device's
 *   scan time is clamped to [the stocktake's opening, the database's now]. A count's key is
 *   the device's: a second call with a known key answers the first count and changes nothing.
 * - A later count of the same row at the same location supersedes an undecided earlier one.
 * - Approving a difference locks the stock row, then its place (the order an order's write takes
 *   them in), and sets the place to max(0, now + difference) with the move reason 'stocktake';
 *   a decided count is never decided again.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, STOCKTAKE_CATALOG_MAX_ROWS, STOCKTAKE_COUNTS_MAX, type Stocktake, type StocktakeCount, type StocktakePart } from '../../../shared/contracts';
import { applyDelta, countDelta, expectedAtScan, STOCKTAKE_APPROVE_CODE, stocktakeText } from '../../../shared/domain/stocktake';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { normalizeOe } from '../../../shared/domain/oe';
import { createWarehouseService } from '../warehouse/warehouse.service';
import { logStockChanges } from '../stock/stock.service';
import * as repo from './stocktake.repo';

const RECENT = 50;
const FIND_MAX = 50;

const stocktakeShape = (t: repo.StocktakeRow): Stocktake => ({
  id: t.id, warehouseId: t.warehouse_id, warehouseName: t.warehouse_name, note: t.note, state: t.state, openedBy: t.opened_by,
  openedAt: unix(t.opened_at), closedAt: unix(t.closed_at), counts: t.counts, pending: t.pending,
});

const countShape = (c: repo.CountRaw): StocktakeCount => ({
  id: Number(c.id), stocktakeId: c.stocktake_id, clientKey: c.client_key, locationId: c.location_id, locationCode: c.location_code, stockId: Number(c.stock_id),
  oe: c.oe, name: c.name, brand: c.brand, quality: c.quality, counted: c.counted, expected: c.expected, delta: c.delta,
  countedAt: unix(c.counted_at), countedBy: c.counted_by, state: c.state, applied: c.applied, decidedBy: c.decided_by, decidedAt: unix(c.decided_at),
});

const partShape = (p: repo.PartRaw): StocktakePart => ({
  stockId: Number(p.stock_id), oe: p.oe, oeNorm: p.oe_norm, name: p.name, brand: p.brand, quality: p.quality, locationIds: p.location_ids.map(Number),
});

const stocktakeNotFound = () => invalid('stocktake_id', stocktakeText.stocktakeNotFound);

export const createStocktakeService = (clock: Clock) => {
  const warehouses = createWarehouseService(clock);

  const mayApprove = async (db: Kysely<DB>, caller: Caller) =>
    hasAnyPermission(caller.permissions, [STOCKTAKE_APPROVE_CODE]) || repo.isOwner(db, caller.userId);

  const summary = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const t = await repo.stocktakeOf(db, caller.companyId, id);
    if (!t) throw stocktakeNotFound();
    return stocktakeShape(t);
  };

  /** One pending difference decided, in its own transaction; false when it was decided already. */
  const decideOne = (db: Kysely<DB>, caller: Caller, id: number, approve: boolean, skipGone: boolean) =>
    inTransaction(db, async (trx) => {
      const count = await repo.lockCount(trx, id);
      if (!count || count.state !== 'pending') return false;
      if (!approve) {
        await repo.decideCount(trx, id, { state: 'rejected', applied: null, decided_by: caller.userId });
        return true;
      }
      const stockId = Number(count.stock_id);
      const locked = await repo.lockRowAndPlace(trx, stockId, count.location_id);
      if (!locked) {
        if (skipGone) return false;
        throw invalid('ids', stocktakeText.rowGone);
      }
      const current = locked.place?.quantity ?? 0;
      const { quantity, applied } = applyDelta(current, count.delta);
      if (applied !== 0) {
        const before = locked.row.quantity;
        await repo.setMoveReason(trx, 'stocktake');
        await repo.setPlace(trx, { company_id: count.company_id, stock_id: stockId, location_id: count.location_id, quantity }, locked.place !== undefined);
        const after = await repo.rowQuantity(trx, stockId);
        await logStockChanges(trx, [{ stock_id: stockId, company_id: count.company_id, user_id: caller.userId, at: clock.now(), action: 'stocktake', changes: [{ field: 'quantity', old: before, new: after }] }]);
      }
      await repo.decideCount(trx, id, { state: 'approved', applied, decided_by: caller.userId });
      return true;
    });

  return {
    async home(db: Kysely<DB>, caller: Caller) {
      const [{ data: all }, open, recent, canApprove] = await Promise.all([
        warehouses.list(db, caller), repo.openStocktakes(db, caller.companyId), repo.recentStocktakes(db, caller.companyId, RECENT), mayApprove(db, caller),
      ]);
      return {
        warehouses: all.filter((w) => w.active).map((w) => ({ id: w.id, name: w.name, openStocktakeId: open.find((o) => o.warehouse_id === w.id)?.id ?? null })),
        stocktakes: recent.map(stocktakeShape),
        canApprove,
      };
    },

    /** The warehouse's open stocktake, opened now if there is none. */
    open: (db: Kysely<DB>, caller: Caller, p: { warehouse_id: number; note: string }) =>
      inTransaction(db, async (trx) => {
        const { data: all } = await warehouses.list(trx, caller);
        if (!all.some((w) => w.id === p.warehouse_id && w.active)) throw invalid('warehouse_id', stocktakeText.warehouseNotFound);
        const id = (await repo.insertStocktake(trx, { company_id: caller.companyId, warehouse_id: p.warehouse_id, note: p.note, opened_by: caller.userId }))
          ?? (await repo.openStocktakeOf(trx, p.warehouse_id))?.id;
        if (id === undefined) throw new AppError(ResultCode.conflict, 409, stocktakeText.warehouseNotFound);
        return summary(trx, caller, id);
      }),

    close: (db: Kysely<DB>, caller: Caller, p: { stocktake_id: number }) =>
      inTransaction(db, async (trx) => {
        if (!(await repo.lockStocktake(trx, caller.companyId, p.stocktake_id, 'update'))) throw stocktakeNotFound();
        await repo.closeStocktake(trx, p.stocktake_id, caller.userId);
        return summary(trx, caller, p.stocktake_id);
      }),

    async catalog(db: Kysely<DB>, caller: Caller, id: number) {
      const stocktake = await summary(db, caller, id);
      const [locations, rows] = await Promise.all([
        repo.locationsOfWarehouse(db, stocktake.warehouseId), repo.partsOfWarehouse(db, stocktake.warehouseId, STOCKTAKE_CATALOG_MAX_ROWS + 1),
      ]);
      return {
        stocktake, locations: locations.map((l) => ({ id: l.id, code: l.code })),
        rows: rows.slice(0, STOCKTAKE_CATALOG_MAX_ROWS).map(partShape), truncated: rows.length > STOCKTAKE_CATALOG_MAX_ROWS,
      };
    },

    async findPart(db: Kysely<DB>, caller: Caller, p: { stocktake_id: number; oe: string }) {
      const t = await repo.stocktakeOf(db, caller.companyId, p.stocktake_id);
      if (!t) throw stocktakeNotFound();
      return { data: (await repo.partsByOe(db, caller.companyId, t.warehouse_id, normalizeOe(p.oe), FIND_MAX)).map(partShape) };
    },

    count: (db: Kysely<DB>, caller: Caller, p: { stocktake_id: number; location_id: number; stock_id: number; counted: number; counted_at: number; client_key: string }) =>
      inTransaction(db, async (trx) => {
        const known = await repo.countByKey(trx, caller.companyId, p.client_key);
        if (known) return countShape(known);
        const t = await repo.lockStocktake(trx, caller.companyId, p.stocktake_id, 'share');
        if (!t) throw stocktakeNotFound();
        if (t.state !== 'open') throw invalid('stocktake_id', stocktakeText.closed);
        const location = await repo.locationOf(trx, caller.companyId, p.location_id);
        if (!location) throw invalid('location_id', stocktakeText.locationNotFound);
        if (location.warehouse_id !== t.warehouse_id) throw invalid('location_id', stocktakeText.locationOtherWarehouse);
        if (!(await repo.stockRowOf(trx, caller.companyId, p.stock_id))) throw invalid('stock_id', stocktakeText.stockNotFound);
        const countedAt = await repo.clampedAt(trx, t.opened_at, new Date(p.counted_at * 1000));
        const { now_qty, after } = await repo.quantityAndMovesAfter(trx, p.stock_id, p.location_id, countedAt);
        const expected = expectedAtScan(now_qty, [after]);
        const delta = countDelta(p.counted, expected);
        const id = await repo.insertCount(trx, {
          stocktake_id: p.stocktake_id, company_id: caller.companyId, location_id: p.location_id, stock_id: p.stock_id, counted: p.counted,
          counted_at: countedAt, expected, delta, client_key: p.client_key, counted_by: caller.userId, state: delta === 0 ? 'matched' : 'pending',
        });
        // the same key sent twice at once: the other call inserted it first
        if (id !== null) await repo.supersedeEarlier(trx, { stocktake_id: p.stocktake_id, location_id: p.location_id, stock_id: p.stock_id, id: Number(id) });
        return countShape((await repo.countByKey(trx, caller.companyId, p.client_key))!);
      }),

    async counts(db: Kysely<DB>, caller: Caller, id: number, p: { diff_only: boolean }) {
      await summary(db, caller, id);
      const [rows, total] = await Promise.all([repo.countsOf(db, id, p.diff_only, STOCKTAKE_COUNTS_MAX), repo.countTotal(db, id, p.diff_only)]);
      return { data: rows.map(countShape), total };
    },

    /** Approves or rejects the chosen pending differences (or all), each in its own transaction (or all in the call's, under an Idempotency-Key). */
    async decide(db: Kysely<DB>, caller: Caller, p: { stocktake_id: number; ids: number[]; all: boolean; approve: boolean }) {
      if (!(await mayApprove(db, caller))) throw forbidden(stocktakeText.approveOnly);
      await summary(db, caller, p.stocktake_id);
      const chosen = [...new Set(p.ids)];
      if (!p.all && chosen.length === 0) throw invalid('ids', stocktakeText.ids);
      if (!p.all && (await repo.countsInStocktake(db, p.stocktake_id, chosen)) !== chosen.length) throw invalid('ids', stocktakeText.ids);
      const ids = await repo.pendingIds(db, p.stocktake_id, p.all ? null : chosen);
      let changed = 0;
      for (const id of ids) if (await decideOne(db, caller, id, p.approve, p.all)) changed++;
      return { changed };
    },
  };
};

export type StocktakeService = ReturnType<typeof createStocktakeService>;
