import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { StocktakeService } from './stocktake.service';

const stocktakeId = (id: string | undefined) => pathId(id, '盘点单');

export const stocktakeHandlers = (s: StocktakeService): Pick<Handlers, 'stocktakeHome' | 'stocktakeOpen' | 'stocktakeClose' | 'stocktakeCatalog' | 'stocktakeFindPart' | 'stocktakeCount' | 'stocktakeCounts' | 'stocktakeDecide'> => ({
  stocktakeHome: (_p, ctx) => s.home(ctx.db, ctx.caller!),
  stocktakeOpen: (p, ctx) => s.open(ctx.db, ctx.caller!, p),
  stocktakeClose: (p, ctx) => s.close(ctx.db, ctx.caller!, p),
  stocktakeCatalog: (_p, ctx) => s.catalog(ctx.db, ctx.caller!, stocktakeId(ctx.id)),
  stocktakeFindPart: (p, ctx) => s.findPart(ctx.db, ctx.caller!, p),
  stocktakeCount: (p, ctx) => s.count(ctx.db, ctx.caller!, p),
  stocktakeCounts: (p, ctx) => s.counts(ctx.db, ctx.caller!, stocktakeId(ctx.id), p),
  stocktakeDecide: (p, ctx) => s.decide(ctx.db, ctx.caller!, p),
});
