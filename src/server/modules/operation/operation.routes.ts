import type { Handlers } from '../../http/mount';
import type { OpCompanyService } from './company.service';
import type { OpUsersService } from './users.service';
import type { PlatformService } from './platform.service';
import type { PrivilegeService } from './privilege.service';
import type { AdsService } from './ads.service';

type OpNames = 'opAuditList' | 'opCompanyList' | 'opCompanyDetail' | 'opCompanyUpdate' | 'opCompanySetLevel' | 'opCompanySuspend' | 'opCompanyRestore'
  | 'opUserList' | 'opUserSetActive' | 'opUserResetPassword' | 'opUserEndSessions' | 'opConfigList' | 'opConfigSet' | 'opRateHistory' | 'opRateSet'
  | 'opNoticeSet' | 'opHomeSummary' | 'opRoleList' | 'opRoleSave' | 'opRoleDelete' | 'opRoleAssign'
  | 'opAdList' | 'opAdSave' | 'opAdDelete';

export const operationHandlers = (svc: { companies: OpCompanyService; users: OpUsersService; platform: PlatformService; privilege: PrivilegeService; ads: AdsService }): Pick<Handlers, OpNames> => ({
  opAuditList: (p, ctx) => svc.platform.auditList(ctx.db, p),
  opCompanyList: (p, ctx) => svc.companies.list(ctx.db, p),
  opCompanyDetail: (p, ctx) => svc.companies.detail(ctx.db, p.id),
  opCompanyUpdate: (p, ctx) => svc.companies.update(ctx.db, ctx.caller!, p),
  opCompanySetLevel: (p, ctx) => svc.companies.setLevel(ctx.db, ctx.caller!, p, ctx),
  opCompanySuspend: (p, ctx) => svc.companies.suspend(ctx.db, ctx.caller!, p.ids, p.reason),
  opCompanyRestore: (p, ctx) => svc.companies.restore(ctx.db, ctx.caller!, p.ids),
  opUserList: (p, ctx) => svc.users.list(ctx.db, p),
  opUserSetActive: (p, ctx) => svc.users.setActive(ctx.db, ctx.caller!, p.ids, p.active),
  opUserResetPassword: (p, ctx) => svc.users.resetPassword(ctx.db, ctx.caller!, p.id),
  opUserEndSessions: (p, ctx) => svc.users.endSessions(ctx.db, ctx.caller!, p.id),
  opConfigList: (_p, ctx) => svc.platform.configList(ctx.db),
  opConfigSet: (p, ctx) => svc.platform.configSet(ctx.db, ctx.caller!, p),
  opRateHistory: (_p, ctx) => svc.platform.rates(ctx.db),
  opRateSet: (p, ctx) => svc.platform.rateSet(ctx.db, ctx.caller!, p),
  opNoticeSet: (p, ctx) => svc.platform.noticeSet(ctx.db, ctx.caller!, p.text),
  opHomeSummary: (_p, ctx) => svc.platform.home(ctx.db),
  opRoleList: (_p, ctx) => svc.privilege.list(ctx.db),
  opRoleSave: (p, ctx) => svc.privilege.save(ctx.db, ctx.caller!, p),
  opRoleDelete: (p, ctx) => svc.privilege.remove(ctx.db, ctx.caller!, p.id),
  opRoleAssign: (p, ctx) => svc.privilege.assign(ctx.db, ctx.caller!, p),
  opAdList: (p, ctx) => svc.ads.list(ctx.db, p.code),
  opAdSave: (p, ctx) => svc.ads.save(ctx.db, ctx.caller!, p),
  opAdDelete: (p, ctx) => svc.ads.remove(ctx.db, ctx.caller!, p.id),
});
