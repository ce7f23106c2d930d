import type { Handlers } from '../../http/mount';
import type { CustomerService } from './customer.service';

type Names = 'customerInvitationCreate' | 'customerInvitationList' | 'customerInvitationRevoke' | 'customerInvitationPeek'
  | 'customerList' | 'customerUpdate' | 'supplierList' | 'supplierSetPreferred' | 'priorityCompanyList';

export const customerHandlers = (svc: CustomerService): Pick<Handlers, Names> => ({
  customerInvitationCreate: (p, ctx) => svc.createInvitation(ctx.db, ctx.caller!, p),
  customerInvitationList: (p, ctx) => svc.invitations(ctx.db, ctx.caller!, p),
  customerInvitationRevoke: (p, ctx) => svc.revoke(ctx.db, ctx.caller!, p),
  customerInvitationPeek: (p, ctx) => svc.peek(ctx.db, p.invite_code),
  customerList: (p, ctx) => svc.customers(ctx.db, ctx.caller!, p),
  customerUpdate: (p, ctx) => svc.updateCustomer(ctx.db, ctx.caller!, p),
  supplierList: (p, ctx) => svc.suppliers(ctx.db, ctx.caller!, p),
  supplierSetPreferred: (p, ctx) => svc.setPreferred(ctx.db, ctx.caller!, p),
  priorityCompanyList: (_p, ctx) => svc.priority(ctx.db, ctx.caller!),
});
