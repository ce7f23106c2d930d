import type { Handlers } from '../../http/mount';
import type { CartService } from './cart.service';

export const cartHandlers = (svc: CartService): Pick<Handlers, 'cartList' | 'cartAdd' | 'cartUpdateQty' | 'cartUpdateTax' | 'cartCheck' | 'cartRemove'> => ({
  cartList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p.type_code),
  cartAdd: (p, ctx) => svc.add(ctx.db, ctx.caller!, p),
  cartUpdateQty: (p, ctx) => svc.updateQty(ctx.db, ctx.caller!, p),
  cartUpdateTax: (p, ctx) => svc.updateTax(ctx.db, ctx.caller!, p),
  cartCheck: (p, ctx) => svc.check(ctx.db, ctx.caller!, p),
  cartRemove: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p),
});
