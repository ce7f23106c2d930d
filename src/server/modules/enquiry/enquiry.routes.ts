import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { EnquiryService } from './enquiry.service';

type Names =
  | 'enquiryAdd' | 'enquiryUpdate' | 'getIMQuoteHisgoryById' | 'enquiryList' | 'enquiryDetail' | 'enquirySend' | 'enquiryEnd' | 'enquiryCancel' | 'enquiryAnew' | 'enquiryDelete'
  | 'enquiryQuoteCount' | 'quoteAccept' | 'quoteCenter' | 'quoteEnquiry' | 'quoteSubmit' | 'quoteAllowance' | 'quoteMine' | 'getIMQuoteHisgoryByOe' | 'getMyProductByOe' | 'quoteRules' | 'quoteRulesSave' | 'sendIMQuoteMsg';

const idOf = (id: string | undefined) => pathId(id, '询价单');

export const enquiryHandlers = (svc: EnquiryService): Pick<Handlers, Names> => ({
  enquiryAdd: (p, ctx) => svc.add(ctx.db, ctx.caller!, p, ctx),
  enquiryUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p, ctx),
  getIMQuoteHisgoryById: (_p, ctx) => svc.historyById(ctx.db, ctx.caller!, idOf(ctx.id)),
  enquiryList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  enquiryDetail: (_p, ctx) => svc.detail(ctx.db, ctx.caller!, idOf(ctx.id)),
  enquirySend: (p, ctx) => svc.send(ctx.db, ctx.caller!, p.id, ctx),
  enquiryEnd: (p, ctx) => svc.end(ctx.db, ctx.caller!, p.id),
  enquiryCancel: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p.id),
  enquiryAnew: (p, ctx) => svc.anew(ctx.db, ctx.caller!, p.id),
  enquiryDelete: async (p, ctx) => {
    await svc.remove(ctx.db, ctx.caller!, p.id);
    return null;
  },
  quoteAccept: (p, ctx) => svc.accept(ctx.db, ctx.caller!, p),
  enquiryQuoteCount: (_p, ctx) => svc.quoteCount(ctx.db, ctx.caller!),
  quoteCenter: (p, ctx) => svc.center(ctx.db, ctx.caller!, p),
  quoteEnquiry: (_p, ctx) => svc.sellerView(ctx.db, ctx.caller!, idOf(ctx.id)),
  quoteSubmit: (p, ctx) => svc.submit(ctx.db, ctx.caller!, p, ctx),
  quoteAllowance: (_p, ctx) => svc.allowance(ctx.db, ctx.caller!),
  quoteMine: (p, ctx) => svc.mine(ctx.db, ctx.caller!, p),
  getIMQuoteHisgoryByOe: (p, ctx) => svc.history(ctx.db, ctx.caller!, p.oe),
  getMyProductByOe: (p, ctx) => svc.myProduct(ctx.db, ctx.caller!, p.oe),
  quoteRules: (_p, ctx) => svc.rules(ctx.db, ctx.caller!),
  sendIMQuoteMsg: (p, ctx) => svc.chatQuote(ctx.db, ctx.caller!, p, ctx),
  quoteRulesSave: (p, ctx) => svc.saveRules(ctx.db, ctx.caller!, p),
});
