import type { Handlers } from '../../http/mount';
import type { BasketService } from './basket.service';
import type { FollowService } from './follow.service';

export const basketHandlers = (basket: BasketService, follows: FollowService): Pick<Handlers, 'basketList' | 'basketAdd' | 'basketUpdate' | 'basketRemove' | 'basketToCart' | 'followList' | 'followAdd' | 'followRemove'> => ({
  basketList: (p, ctx) => basket.list(ctx.db, ctx.caller!, p),
  basketAdd: (p, ctx) => basket.add(ctx.db, ctx.caller!, p),
  basketUpdate: (p, ctx) => basket.update(ctx.db, ctx.caller!, p),
  basketRemove: (p, ctx) => basket.remove(ctx.db, ctx.caller!, p),
  basketToCart: (p, ctx) => basket.toCart(ctx.db, ctx.caller!, p),
  followList: (p, ctx) => follows.list(ctx.db, ctx.caller!, p),
  followAdd: (p, ctx) => follows.add(ctx.db, ctx.caller!, p),
  followRemove: (p, ctx) => follows.remove(ctx.db, ctx.caller!, p),
});
