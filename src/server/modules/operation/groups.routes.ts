import type { Handlers } from '../../http/mount';
import type { OpGroupsService } from './groups.service';

type Names = 'opGroupList' | 'opGroupDetail' | 'opGroupSave' | 'opGroupDelete' | 'opGroupAddCompanies' | 'opGroupRemoveCompanies' | 'opGroupMessageSend' | 'opGroupMessageList';

export const opGroupHandlers = (svc: OpGroupsService): Pick<Handlers, Names> => ({
  opGroupList: (p, ctx) => svc.list(ctx.db, p),
  opGroupDetail: (p, ctx) => svc.detail(ctx.db, p.id),
  opGroupSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  opGroupDelete: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p.id),
  opGroupAddCompanies: (p, ctx) => svc.addCompanies(ctx.db, ctx.caller!, p),
  opGroupRemoveCompanies: (p, ctx) => svc.removeCompanies(ctx.db, ctx.caller!, p),
  opGroupMessageSend: (p, ctx) => svc.send(ctx.db, ctx.caller!, p, ctx),
  opGroupMessageList: (p, ctx) => svc.messages(ctx.db, p),
});
