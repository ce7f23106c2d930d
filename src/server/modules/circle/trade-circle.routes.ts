import type { Handlers } from '../../http/mount';
import type { TradeCircleService } from './trade-circle.service';

export const tradeCircleHandlers = (svc: TradeCircleService): Pick<Handlers, 'tradeCircleList' | 'tradeCircleGet' | 'tradeCircleCreate' | 'tradeCircleJoin' | 'tradeCircleQuit' | 'tradeCircleApprove' | 'tradeCircleReject'> => ({
  tradeCircleList: (p, ctx) => svc.list(ctx.db, ctx.caller!, { k: p.k ?? '', page_number: p.page_number, page_size: p.page_size }),
  tradeCircleGet: (p, ctx) => svc.get(ctx.db, ctx.caller!, p.id),
  tradeCircleCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, { name: p.name, area: p.area, description: p.description ?? '' }),
  tradeCircleJoin: (p, ctx) => svc.join(ctx.db, ctx.caller!, p.circle_id, p.join_info),
  tradeCircleQuit: (p, ctx) => svc.quit(ctx.db, ctx.caller!, p.circle_id),
  tradeCircleApprove: (p, ctx) => svc.approve(ctx.db, ctx.caller!, p),
  tradeCircleReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p),
});
