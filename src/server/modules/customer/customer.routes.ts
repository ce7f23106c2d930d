import type { Handlers } from '../../http/mount';
import type { CustomerService } from './customer.service';
import type { BranchService } from './branch.service';

type Names = 'customerInvitationCreate' | 'customerInvitationList' | 'customerInvitationRevoke' | 'customerInvitationPeek'
  | 'customerList' | 'customerUpdate' | 'supplierList' | 'supplierSetPreferred' | 'priorityCompanyList' | 'supplierCreditList'
  | 'branchOverview' | 'branchInvite' | 'branchInviteRespond' | 'branchInviteWithdraw' | 'branchEnd' | 'branchOrders' | 'branchStock';

export const customerHandlers = (svc: CustomerService, branch: BranchService): Pick<Handlers, Names> => ({
  customerInvitationCreate: (p, ctx) => svc.createInvitation(ctx.db, ctx.caller!, p),
  customerInvitationList: (p, ctx) => svc.invitations(ctx.db, ctx.caller!, p),
  customerInvitationRevoke: (p, ctx) => svc.revoke(ctx.db, ctx.caller!, p),
  customerInvitationPeek: (p, ctx) => svc.peek(ctx.db, p.invite_code),
  customerList: (p, ctx) => svc.customers(ctx.db, ctx.caller!, p),
  customerUpdate: (p, ctx) => svc.updateCustomer(ctx.db, ctx.caller!, p),
  supplierList: (p, ctx) => svc.suppliers(ctx.db, ctx.caller!, p),
  supplierSetPreferred: (p, ctx) => svc.setPreferred(ctx.db, ctx.caller!, p),
  priorityCompanyList: (_p, ctx) => svc.priority(ctx.db, ctx.caller!),
  supplierCreditList: (_p, ctx) => svc.supplierCredit(ctx.db, ctx.caller!),
  branchOverview: (_p, ctx) => branch.overview(ctx.db, ctx.caller!),
  branchInvite: (p, ctx) => branch.invite(ctx.db, ctx.caller!, p),
  branchInviteRespond: (p, ctx) => branch.respond(ctx.db, ctx.caller!, p),
  branchInviteWithdraw: (p, ctx) => branch.withdraw(ctx.db, ctx.caller!, p),
  branchEnd: (p, ctx) => branch.end(ctx.db, ctx.caller!, p),
  branchOrders: (p, ctx) => branch.orders(ctx.db, ctx.caller!, p),
  branchStock: (p, ctx) => branch.stock(ctx.db, ctx.caller!, p),
});
