import type { Handlers } from '../../http/mount';
import type { PromotionService } from './promotion.service';

type Names = 'opPromotionList' | 'opPromotionSave' | 'opPromotionActive';

export const opPromotionHandlers = (svc: PromotionService): Pick<Handlers, Names> => ({
  opPromotionList: (p, ctx) => svc.list(ctx.db, p),
  opPromotionSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  opPromotionActive: (p, ctx) => svc.setActive(ctx.db, ctx.caller!, p),
});
