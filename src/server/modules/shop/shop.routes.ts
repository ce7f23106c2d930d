import type { Handlers } from '../../http/mount';
import type { ShopService } from './shop.service';

export const shopHandlers = (svc: ShopService): Pick<Handlers, 'getCompanyShop' | 'getCompanyProducts' | 'getStoreDecoration' | 'saveStoreDecoration' | 'getZdQuoteCount' | 'getCompanyViews' | 'markCompanyViewsSeen'> => ({
  getCompanyShop: (p, ctx) => svc.shop(ctx.db, ctx.caller!, p.company_id),
  getCompanyProducts: (p, ctx) => svc.products(ctx.db, ctx.caller!, { company_id: p.company_id, k: p.k ?? '', page_number: p.page_number, page_size: p.page_size }),
  getStoreDecoration: (_p, ctx) => svc.ownDecoration(ctx.db, ctx.caller!),
  saveStoreDecoration: (p, ctx) => svc.saveDecoration(ctx.db, ctx.caller!, p),
  getZdQuoteCount: (_p, ctx) => svc.quoteCount(ctx.db, ctx.caller!),
  getCompanyViews: (p, ctx) => svc.views(ctx.db, ctx.caller!, p),
  markCompanyViewsSeen: (p, ctx) => svc.markSeen(ctx.db, ctx.caller!, p.as_of),
});
