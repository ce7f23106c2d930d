import type { Handlers } from '../../http/mount';
import type { InvoiceService } from './invoice.service';

type Names = 'invoiceTitleList' | 'invoiceTitleSave' | 'invoiceTitleRemove' | 'invoiceTitleDefault' | 'invoiceOrders' | 'invoiceApply'
  | 'invoiceSearch' | 'invoiceRetrieve' | 'invoiceIssue' | 'invoiceRefuse' | 'invoiceWithdraw' | 'invoiceResubmit' | 'invoiceReverse';

export const invoiceHandlers = (svc: InvoiceService): Pick<Handlers, Names> => ({
  invoiceTitleList: (_p, ctx) => svc.titles(ctx.db, ctx.caller!),
  invoiceTitleSave: (p, ctx) => svc.saveTitle(ctx.db, ctx.caller!, p),
  invoiceTitleRemove: (p, ctx) => svc.removeTitle(ctx.db, ctx.caller!, p.id),
  invoiceTitleDefault: (p, ctx) => svc.defaultTitle(ctx.db, ctx.caller!, p.id),
  invoiceOrders: (p, ctx) => svc.orders(ctx.db, ctx.caller!, p),
  invoiceApply: (p, ctx) => svc.apply(ctx.db, ctx.caller!, p, ctx),
  invoiceSearch: (p, ctx) => svc.search(ctx.db, ctx.caller!, p),
  invoiceRetrieve: (p, ctx) => svc.retrieve(ctx.db, ctx.caller!, p.request_no),
  invoiceIssue: (p, ctx) => svc.issue(ctx.db, ctx.caller!, p, ctx),
  invoiceRefuse: (p, ctx) => svc.refuse(ctx.db, ctx.caller!, p, ctx),
  invoiceReverse: (p, ctx) => svc.reverse(ctx.db, ctx.caller!, p, ctx),
  invoiceWithdraw: (p, ctx) => svc.withdraw(ctx.db, ctx.caller!, p.request_no, ctx),
  invoiceResubmit: (p, ctx) => svc.resubmit(ctx.db, ctx.caller!, p, ctx),
});
