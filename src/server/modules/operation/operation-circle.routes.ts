import type { Handlers } from '../../http/mount';
import type { OpCirclesService } from './circles.service';

type Names = 'opCircleList' | 'opCircleDetail' | 'opCircleUpdate' | 'opCircleRemoveMember' | 'opCircleDissolve';

export const opCircleHandlers = (svc: OpCirclesService): Pick<Handlers, Names> => ({
  opCircleList: (p, ctx) => svc.list(ctx.db, p),
  opCircleDetail: (p, ctx) => svc.detail(ctx.db, p.id),
  opCircleUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p, ctx),
  opCircleRemoveMember: (p, ctx) => svc.removeMember(ctx.db, ctx.caller!, p, ctx),
  opCircleDissolve: (p, ctx) => svc.dissolve(ctx.db, ctx.caller!, p, ctx),
});
