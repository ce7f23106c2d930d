import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { WarehouseService } from './warehouse.service';
import type { RowLocationService } from './row-location.service';
import type { PickListService } from './pick-list.service';

type Names = 'warehouseList' | 'warehouseCreate' | 'warehouseUpdate' | 'warehouseDelete' | 'locationList' | 'locationCreate' | 'locationUpdate'
  | 'locationDelete' | 'stockLocations' | 'stockLocationSet' | 'stockLocationMove' | 'stockLocationRemove' | 'pickList';

export const warehouseHandlers = (svc: WarehouseService, rows: RowLocationService, pick: PickListService): Pick<Handlers, Names> => ({
  warehouseList: (_p, ctx) => svc.list(ctx.db, ctx.caller!),
  warehouseCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  warehouseUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, pathId(ctx.id, '仓库'), p),
  warehouseDelete: (_p, ctx) => svc.remove(ctx.db, ctx.caller!, pathId(ctx.id, '仓库')),
  locationList: (p, ctx) => svc.locations(ctx.db, ctx.caller!, p),
  locationCreate: (p, ctx) => svc.createLocations(ctx.db, ctx.caller!, p),
  locationUpdate: (p, ctx) => svc.updateLocation(ctx.db, ctx.caller!, pathId(ctx.id, '库位'), p),
  locationDelete: (_p, ctx) => svc.removeLocation(ctx.db, ctx.caller!, pathId(ctx.id, '库位')),
  stockLocations: (_p, ctx) => rows.get(ctx.db, ctx.caller!, pathId(ctx.id, '库存')),
  stockLocationSet: (p, ctx) => rows.set(ctx.db, ctx.caller!, p),
  stockLocationMove: (p, ctx) => rows.move(ctx.db, ctx.caller!, p),
  stockLocationRemove: (p, ctx) => rows.remove(ctx.db, ctx.caller!, p),
  pickList: (p, ctx) => pick.pickList(ctx.db, ctx.caller!, p),
});
