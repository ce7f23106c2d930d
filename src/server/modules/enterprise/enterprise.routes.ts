import type { Handlers } from '../../http/mount';
import type { EnterpriseService } from './enterprise.service';

export const enterpriseHandlers = (svc: EnterpriseService): Pick<Handlers, 'enterpriseGet' | 'enterpriseUpdate'> => ({
  enterpriseGet: (_p, ctx) => svc.get(ctx.db, ctx.caller!),
  enterpriseUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p),
});
