import type { Handlers } from '../../http/mount';
import type { BasketService } from './basket.service';
import type { FollowService } from './follow.service';
import { refuseVnBuyer } from '../vnmall/vnmall.service';

export const basketHandlers = (basket: BasketService, follows: FollowService): Pick<Handlers, 'basketList' | 'basketAdd' | 'basketUpdate' | 'basketRemove' | 'basketToCart' | 'followList' | 'followAdd' | 'followRemove'> => ({
  basketList: (p, ctx) => basket.list(ctx.db, ctx.caller!, p),
  basketAdd: (p, ctx) => basket.add(ctx.db, ctx.caller!, p),
  basketUpdate: (p, ctx) => basket.update(ctx.db, ctx.caller!, p),
  basketRemove: (p, ctx) => basket.remove(ctx.db, ctx.caller!, p),
  // the basket's offers are Chinese stock: a Vietnamese company buys in the Vietnam mall (docs/overseas.md)
  basketToCart: async (p, ctx) => (await refuseVnBuyer(ctx.db, ctx.caller!), basket.toCart(ctx.db, ctx.caller!, p)),
  followList: (p, ctx) => follows.list(ctx.db, ctx.caller!, p),
  followAdd: (p, ctx) => follows.add(ctx.db, ctx.caller!, p),
  followRemove: (p, ctx) => follows.remove(ctx.db, ctx.caller!, p),
});
