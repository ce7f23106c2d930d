import type { Handlers } from '../../http/mount';
import type { ImService } from './im.service';

export const imHandlers = (svc: ImService): Pick<Handlers, 'imSend' | 'imHistory' | 'imSync' | 'imConversations' | 'imMarkRead' | 'imUnreadCount' | 'imContact' | 'imCompanyContact' | 'pushProductMsg'> => ({
  imSend: (p, ctx) => svc.send(ctx.db, ctx.caller!, p, ctx),
  imHistory: (p, ctx) => svc.history(ctx.db, ctx.caller!, p),
  imSync: (p, ctx) => svc.sync(ctx.db, ctx.caller!, p),
  imConversations: (_p, ctx) => svc.conversations(ctx.db, ctx.caller!),
  imMarkRead: (p, ctx) => svc.markRead(ctx.db, ctx.caller!, p, ctx),
  imUnreadCount: (_p, ctx) => svc.unreadCount(ctx.db, ctx.caller!),
  imContact: (p, ctx) => svc.contact(ctx.db, ctx.caller!, p),
  imCompanyContact: (p, ctx) => svc.companyContact(ctx.db, p),
  pushProductMsg: (p, ctx) => svc.pushProduct(ctx.db, ctx.caller!, p, ctx),
});
