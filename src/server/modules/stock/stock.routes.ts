import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { StockService } from './stock.service';

type StockHandlerNames =
  | 'getStockData' | 'stockCreate' | 'stockUpdate' | 'updateStockPrice' | 'updateStockQty' | 'adjustStockQty' | 'oeStockQtyPrice'
  | 'updatePerformanceSetting' | 'stockSetLock' | 'stockSetState' | 'stockSetClean' | 'stockDelete' | 'stockChangeLog'
  | 'getMakes' | 'getPartTypes' | 'getTerminology' | 'factoryMake' | 'country' | 'stockSetSpot' | 'spotSettingGet' | 'spotSettingSave';

const rowId = (id: string | undefined) => pathId(id, '库存');

export const stockHandlers = (svc: StockService): Pick<Handlers, StockHandlerNames> => ({
  getStockData: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  stockCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  stockUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, rowId(ctx.id), p),
  updateStockPrice: (p, ctx) => svc.setPrice(ctx.db, ctx.caller!, p),
  updateStockQty: (p, ctx) => svc.setQuantity(ctx.db, ctx.caller!, p),
  adjustStockQty: (p, ctx) => svc.adjust(ctx.db, ctx.caller!, p),
  oeStockQtyPrice: (p, ctx) => svc.qtyAndPrice(ctx.db, ctx.caller!, p),
  updatePerformanceSetting: (p, ctx) => svc.setPerformance(ctx.db, ctx.caller!, p),
  stockSetLock: (p, ctx) => svc.setLock(ctx.db, ctx.caller!, p.ids, p.locked),
  stockSetState: (p, ctx) => svc.setState(ctx.db, ctx.caller!, p.ids, p.state),
  stockSetClean: (p, ctx) => svc.setClean(ctx.db, ctx.caller!, p.ids, p.clean_state),
  stockDelete: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p.ids),
  stockSetSpot: (p, ctx) => svc.setSpot(ctx.db, ctx.caller!, p.ids, p.spot),
  spotSettingGet: (_p, ctx) => svc.spotSetting(ctx.db, ctx.caller!),
  spotSettingSave: (p, ctx) => svc.saveSpotSetting(ctx.db, ctx.caller!, p.cutoff),
  stockChangeLog: (_p, ctx) => svc.changes(ctx.db, ctx.caller!, rowId(ctx.id)),
  getMakes: (_p, ctx) => svc.makes(ctx.db),
  getPartTypes: (_p, ctx) => svc.partTypes(ctx.db),
  getTerminology: (_p, ctx) => svc.terminology(ctx.db),
  factoryMake: (_p, ctx) => svc.factoryMakes(ctx.db),
  country: (p, ctx) => svc.countries(ctx.db, p.name),
});
