import type { Handlers } from '../../http/mount';
import type { OrganisationService } from './organisation.service';

type Names = 'employeeList' | 'employeeCreate' | 'employeeUpdate' | 'employeeSetActive' | 'employeeResetPassword'
  | 'contactList' | 'contactCreate' | 'contactUpdate' | 'contactDelete';

export const organisationHandlers = (svc: OrganisationService): Pick<Handlers, Names> => ({
  employeeList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  employeeCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  employeeUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p),
  employeeSetActive: (p, ctx) => svc.setActive(ctx.db, ctx.caller!, p),
  employeeResetPassword: (p, ctx) => svc.resetPassword(ctx.db, ctx.caller!, p),
  contactList: (_p, ctx) => svc.contacts(ctx.db, ctx.caller!),
  contactCreate: (p, ctx) => svc.addContact(ctx.db, ctx.caller!, p),
  contactUpdate: (p, ctx) => svc.updateContact(ctx.db, ctx.caller!, p),
  contactDelete: (p, ctx) => svc.deleteContact(ctx.db, ctx.caller!, p),
});
