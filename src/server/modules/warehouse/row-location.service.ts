/**
 * A stock row's quantity per location (the stock page's 库位, docs/warehouse.md). Rules:
 * - The row and the locations must be the caller's company's (a row of another company: 403 as the
 *   stock calls say; a location of another company: not found under its field).
 * - Setting a quantity places the row there when it was not; the row's quantity becomes the sum
 *   of its locations (the migration's trigger), its change log says so.
 * - A move (调拨) takes n from one location and puts it at another in one transaction, with the
 *   move reason 'transfer'; the row's total does not change. Taking more than the location holds
 *   is refused naming it.
 * - A location is removed from a row only when the row holds nothing there.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import type { PayloadOut, StockLocations } from '../../../shared/contracts';
import { MAX_QUANTITY, stockText } from '../../../shared/domain/stock';
import { locationLabel, warehouseText } from '../../../shared/domain/warehouse';
import { logStockChanges } from '../stock/stock.service';
import { markFollowedOesChanged } from '../basket/follow.service';
import { locationsOfRows } from './warehouse.service';
import * as repo from './warehouse.repo';

export const createRowLocationService = (clock: Clock) => {
  const ownRow = async (db: Kysely<DB>, caller: Caller, stockId: number, lock = false) => {
    const row = await repo.stockRowOf(db, stockId, lock);
    if (!row || row.company_id !== caller.companyId) throw forbidden(stockText.notOwnStock);
    return row;
  };

  /** The caller's location that may take stock, or a refusal under `field`. */
  const usableLocation = async (db: Kysely<DB>, caller: Caller, id: number, field: string) => {
    const l = await repo.locationOf(db, caller.companyId, id);
    if (!l) throw invalid(field, warehouseText.locationNotFound);
    return l;
  };

  const answer = async (db: Kysely<DB>, stockId: number): Promise<StockLocations> => {
    const row = (await repo.stockRowOf(db, stockId))!;
    return { stock_id: row.id, quantity: row.quantity, qty_version: row.qty_version, locations: (await locationsOfRows(db, [stockId])).get(stockId) ?? [] };
  };

  /** The change log entry and the follow queue when the row's total moved. */
  const logged = async (trx: Kysely<DB>, caller: Caller, row: { id: number; quantity: number; oe_norm: string }, action: string) => {
    const after = (await repo.stockRowOf(trx, row.id))!;
    if (after.quantity !== row.quantity) {
      await logStockChanges(trx, [{ stock_id: row.id, company_id: caller.companyId, user_id: caller.userId, at: clock.now(), action, changes: [{ field: 'quantity', old: row.quantity, new: after.quantity }] }]);
      await markFollowedOesChanged(trx, { stockIds: [row.id] });
    }
  };

  return {
    async get(db: Kysely<DB>, caller: Caller, stockId: number) {
      await ownRow(db, caller, stockId);
      return answer(db, stockId);
    },

    set: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'stockLocationSet'>) =>
      inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.stock_id, true);
        const l = await usableLocation(trx, caller, p.location_id, 'location_id');
        const before = await repo.placing(trx, row.id, l.id, true);
        if (!before && (!l.active || !l.warehouse_active)) {
          throw invalid('location_id', l.warehouse_active ? warehouseText.locationInactive(locationLabel(l.warehouse_name, l.code)) : warehouseText.warehouseInactive(l.warehouse_name));
        }
        const others = (await repo.rowLocations(trx, [row.id])).filter((r) => r.location_id !== l.id).reduce((s, r) => s + r.quantity, 0);
        if (others + p.quantity > MAX_QUANTITY) throw invalid('quantity', warehouseText.totalTooBig);
        await repo.setMoveReason(trx, 'edit');
        await repo.setPlacing(trx, caller.companyId, row.id, l.id, p.quantity);
        await logged(trx, caller, row, 'location');
        return answer(trx, row.id);
      }),

    move: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'stockLocationMove'>) =>
      inTransaction(db, async (trx) => {
        if (p.from_location_id === p.to_location_id) throw invalid('to_location_id', warehouseText.moveSame);
        const row = await ownRow(trx, caller, p.stock_id, true);
        const from = await usableLocation(trx, caller, p.from_location_id, 'from_location_id');
        const to = await usableLocation(trx, caller, p.to_location_id, 'to_location_id');
        if (!to.active || !to.warehouse_active) {
          throw invalid('to_location_id', to.warehouse_active ? warehouseText.locationInactive(locationLabel(to.warehouse_name, to.code)) : warehouseText.warehouseInactive(to.warehouse_name));
        }
        const held = await repo.placing(trx, row.id, from.id, true);
        if (!held) throw invalid('from_location_id', warehouseText.notAtLocation(locationLabel(from.warehouse_name, from.code)));
        if (held.quantity < p.quantity) throw invalid('quantity', warehouseText.moveShort(locationLabel(from.warehouse_name, from.code), held.quantity, p.quantity));
        await repo.setMoveReason(trx, 'transfer');
        await repo.addToPlacing(trx, caller.companyId, row.id, to.id, p.quantity);
        await repo.setPlacing(trx, caller.companyId, row.id, from.id, held.quantity - p.quantity);
        return answer(trx, row.id);
      }),

    remove: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'stockLocationRemove'>) =>
      inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.stock_id, true);
        const l = await usableLocation(trx, caller, p.location_id, 'location_id');
        const held = await repo.placing(trx, row.id, l.id, true);
        if (!held) throw invalid('location_id', warehouseText.notAtLocation(locationLabel(l.warehouse_name, l.code)));
        if (held.quantity > 0) throw conflict(warehouseText.rowHoldsStock(locationLabel(l.warehouse_name, l.code), held.quantity));
        await repo.removePlacing(trx, row.id, l.id);
        return answer(trx, row.id);
      }),
  };
};
export type RowLocationService = ReturnType<typeof createRowLocationService>;
