import type { Handlers } from '../../http/mount';
import type { PaidServiceService } from './paid-service.service';

type Names = 'paidServiceCatalogue' | 'paidServiceBuy' | 'paidServicePurchases' | 'serviceAgreementAccept'
  | 'opPaidServiceProducts' | 'opPaidServiceProductSave' | 'opPaidServiceRecords' | 'opAgreements' | 'opAgreementPublish' | 'opAgreementAcceptances'
  | 'opPaidPromotions' | 'opPaidPromotionSave' | 'opPaidPromotionEnable' | 'opPaidPromotionUses';

export const paidServiceHandlers = (svc: PaidServiceService): Pick<Handlers, Names> => ({
  paidServiceCatalogue: (_p, ctx) => svc.companyCatalogue(ctx.db, ctx.caller!),
  paidServiceBuy: (p, ctx) => svc.buy(ctx.db, ctx.caller!, p),
  paidServicePurchases: (p, ctx) => svc.purchases(ctx.db, ctx.caller!, p),
  serviceAgreementAccept: (p, ctx) => svc.accept(ctx.db, ctx.caller!, p),
  opPaidServiceProducts: (_p, ctx) => svc.products(ctx.db),
  opPaidServiceProductSave: (p, ctx) => svc.saveProduct(ctx.db, ctx.caller!, p),
  opPaidServiceRecords: (p, ctx) => svc.records(ctx.db, p),
  opAgreements: (_p, ctx) => svc.agreements(ctx.db),
  opAgreementPublish: (p, ctx) => svc.publish(ctx.db, ctx.caller!, p),
  opAgreementAcceptances: (p, ctx) => svc.acceptances(ctx.db, p),
  opPaidPromotions: (p, ctx) => svc.promotions(ctx.db, p),
  opPaidPromotionSave: (p, ctx) => svc.promotionSave(ctx.db, ctx.caller!, p),
  opPaidPromotionEnable: (p, ctx) => svc.promotionEnable(ctx.db, ctx.caller!, p),
  opPaidPromotionUses: (p, ctx) => svc.promotionUses(ctx.db, p),
});
