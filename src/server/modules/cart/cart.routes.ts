import type { Handlers } from '../../http/mount';
import { refuseVnBuyer } from '../vnmall/vnmall.service';
import type { CartService } from './cart.service';

export const cartHandlers = (svc: CartService): Pick<Handlers, 'cartList' | 'cartAdd' | 'cartUpdateQty' | 'cartUpdateTax' | 'cartCheck' | 'cartRemove'> => ({
  cartList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p.type_code),
  // a Vietnamese company buys in the Vietnam mall only (docs/overseas.md)
  cartAdd: async (p, ctx) => (await refuseVnBuyer(ctx.db, ctx.caller!), svc.add(ctx.db, ctx.caller!, p)),
  cartUpdateQty: (p, ctx) => svc.updateQty(ctx.db, ctx.caller!, p),
  cartUpdateTax: (p, ctx) => svc.updateTax(ctx.db, ctx.caller!, p),
  cartCheck: (p, ctx) => svc.check(ctx.db, ctx.caller!, p),
  cartRemove: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p),
});
