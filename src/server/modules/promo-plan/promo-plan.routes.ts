import type { Handlers } from '../../http/mount';
import type { PromoPlanService } from './promo-plan.service';

type Names = 'promoPlans' | 'promoPlanCreate' | 'promoPlanUpdate' | 'promoPlanState';

export const promoPlanHandlers = (svc: PromoPlanService): Pick<Handlers, Names> => ({
  promoPlans: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  promoPlanCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  promoPlanUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p),
  promoPlanState: (p, ctx) => svc.setState(ctx.db, ctx.caller!, p),
});
