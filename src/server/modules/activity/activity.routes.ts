import type { Handlers } from '../../http/mount';
import type { ActivityService } from './activity.service';

type Names = 'activityList' | 'activityOrderInfo' | 'activityOrderComplete' | 'activityOpen' | 'activityStockOptions' | 'activityApplications' | 'activityApply' | 'activityApplyBundle'
  | 'opActivityList' | 'opActivityCreate' | 'opActivityUpdate' | 'opActivityEnd' | 'opActivityItems' | 'opActivityApprove' | 'opActivityReject';

export const activityHandlers = (svc: ActivityService): Pick<Handlers, Names> => ({
  activityList: (_p, ctx) => svc.list(ctx.db),
  activityOrderInfo: (p, ctx) => svc.orderInfo(ctx.db, ctx.caller!, p),
  activityOrderComplete: (p, ctx) => svc.complete(ctx.db, ctx.caller!, p, ctx),
  activityOpen: (_p, ctx) => svc.open(ctx.db),
  activityStockOptions: (p, ctx) => svc.stockOptions(ctx.db, ctx.caller!, p.q),
  activityApplications: (p, ctx) => svc.applications(ctx.db, ctx.caller!, p),
  activityApply: (p, ctx) => svc.apply(ctx.db, ctx.caller!, p),
  activityApplyBundle: (p, ctx) => svc.applyBundle(ctx.db, ctx.caller!, p),
  opActivityList: (p, ctx) => svc.opList(ctx.db, p),
  opActivityCreate: (p, ctx) => svc.opCreate(ctx.db, ctx.caller!, p),
  opActivityUpdate: (p, ctx) => svc.opUpdate(ctx.db, p),
  opActivityEnd: (p, ctx) => svc.opEnd(ctx.db, p.id),
  opActivityItems: (p, ctx) => svc.opItems(ctx.db, p),
  opActivityApprove: (p, ctx) => svc.opApprove(ctx.db, ctx.caller!, p.id),
  opActivityReject: (p, ctx) => svc.opReject(ctx.db, ctx.caller!, p.id, p.reason),
});
