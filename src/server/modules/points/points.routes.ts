import type { Handlers } from '../../http/mount';
import type { PointsService } from './points.service';

type Names = 'pointsSummary' | 'pointsEntries' | 'pointsProductSearch' | 'pointsRedeem' | 'pointsRedemptions'
  | 'opPointsCompanies' | 'opPointsCompanyEntries' | 'opPointsAdjust' | 'opPointsRule' | 'opPointsRuleSave' | 'opPointsProducts' | 'opPointsProductSave'
  | 'opPointsOrders' | 'opPointsOrderShip' | 'opPointsOrderCancel';

export const pointsHandlers = (svc: PointsService): Pick<Handlers, Names> => ({
  pointsSummary: (_p, ctx) => svc.summary(ctx.db, ctx.caller!),
  pointsEntries: (p, ctx) => svc.entries(ctx.db, ctx.caller!, p),
  pointsProductSearch: (p, ctx) => svc.mall(ctx.db, ctx.caller!, p),
  pointsRedeem: (p, ctx) => svc.redeem(ctx.db, ctx.caller!, p),
  pointsRedemptions: (p, ctx) => svc.myRedemptions(ctx.db, ctx.caller!, p),
  opPointsCompanies: (p, ctx) => svc.companies(ctx.db, p),
  opPointsCompanyEntries: (p, ctx) => svc.companyEntries(ctx.db, p),
  opPointsAdjust: (p, ctx) => svc.adjust(ctx.db, ctx.caller!, p),
  opPointsRule: (_p, ctx) => svc.rule(ctx.db),
  opPointsRuleSave: (p, ctx) => svc.saveRule(ctx.db, ctx.caller!, p),
  opPointsProducts: (p, ctx) => svc.products(ctx.db, p),
  opPointsProductSave: (p, ctx) => svc.saveProduct(ctx.db, ctx.caller!, p),
  opPointsOrders: (p, ctx) => svc.orders(ctx.db, p),
  opPointsOrderShip: (p, ctx) => svc.ship(ctx.db, ctx.caller!, p),
  opPointsOrderCancel: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p),
});
