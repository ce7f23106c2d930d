import type { Handlers } from '../../http/mount';
import type { CircleStockService } from './circle-stock.service';

export const circleStockHandlers = (svc: CircleStockService): Pick<Handlers,
  'tradeCircleAllocate' | 'tradeCircleWithdraw' | 'tradeCircleProducts' | 'tradeCircleMyProducts' | 'tradeCircleStock' | 'tradeCircleQuery' | 'tradeCircleJoinFields'> => ({
  tradeCircleAllocate: (p, ctx) => svc.allocate(ctx.db, ctx.caller!, p),
  tradeCircleWithdraw: (p, ctx) => svc.withdraw(ctx.db, ctx.caller!, p),
  tradeCircleProducts: (p, ctx) => svc.products(ctx.db, ctx.caller!, { circle_id: p.circle_id, k: p.k, page_number: p.page_number, page_size: p.page_size }),
  tradeCircleMyProducts: (p, ctx) => svc.myProducts(ctx.db, ctx.caller!, { circle_id: p.circle_id, k: p.k, page_number: p.page_number, page_size: p.page_size }),
  tradeCircleStock: (p, ctx) => svc.stock(ctx.db, ctx.caller!, p),
  tradeCircleQuery: (p, ctx) => svc.query(ctx.db, ctx.caller!, { circle_id: p.circle_id, k: p.k, page_number: p.page_number, page_size: p.page_size }),
  tradeCircleJoinFields: (p, ctx) => svc.joinFields(ctx.db, ctx.caller!, p),
});
