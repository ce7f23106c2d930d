import type { Handlers } from '../../http/mount';
import { normalizeOe } from '../../../shared/domain/oe';
import type { OeCleanService } from './oe-clean.service';
import type { OversightService } from './oversight.service';
import type { ReportService } from './report.service';

type Names = 'opOeView' | 'opOeMerge' | 'opOeUnmerge' | 'opOeRelate' | 'opOeUnrelate' | 'opOrderList' | 'opOrderDetail' | 'opOrderCancel' | 'opEnquiryList' | 'opEnquiryDetail'
  | 'opPayList' | 'opReportMembers' | 'opReportSearches' | 'opReportOrders' | 'opReportStock' | 'opReportMemberUsage' | 'opReportFunnel' | 'opReportRepairShops';

export const opCatalogueHandlers = (svc: { oe: OeCleanService; oversight: OversightService; reports: ReportService }): Pick<Handlers, Names> => ({
  opOeView: (p, ctx) => svc.oe.view(ctx.db, normalizeOe(p.oe)),
  opOeMerge: (p, ctx) => svc.oe.merge(ctx.db, ctx.caller!, { keep: normalizeOe(p.keep), merge: normalizeOe(p.merge), keep_text: p.keep }),
  opOeUnmerge: (p, ctx) => svc.oe.unmerge(ctx.db, ctx.caller!, normalizeOe(p.oe)),
  opOeRelate: (p, ctx) => svc.oe.relate(ctx.db, ctx.caller!, { oe: normalizeOe(p.oe), related: normalizeOe(p.related), kind: p.kind }),
  opOeUnrelate: (p, ctx) => svc.oe.unrelate(ctx.db, ctx.caller!, { oe: normalizeOe(p.oe), related: normalizeOe(p.related) }),
  opOrderList: (p, ctx) => svc.oversight.orderList(ctx.db, p),
  opOrderDetail: (p, ctx) => svc.oversight.orderDetail(ctx.db, p.order_no),
  opOrderCancel: (p, ctx) => svc.oversight.cancelOrder(ctx.db, ctx.caller!, p),
  opEnquiryList: (p, ctx) => svc.oversight.enquiryList(ctx.db, p),
  opPayList: (p, ctx) => svc.oversight.payList(ctx.db, p),
  opEnquiryDetail: (p, ctx) => svc.oversight.enquiryDetail(ctx.db, p.enquiry_no),
  opReportMembers: (p, ctx) => svc.reports.members(ctx.db, p),
  opReportSearches: (p, ctx) => svc.reports.searches(ctx.db, p),
  opReportOrders: (p, ctx) => svc.reports.orders(ctx.db, p),
  opReportStock: (_p, ctx) => svc.reports.stock(ctx.db),
  opReportMemberUsage: (p, ctx) => svc.reports.memberUsage(ctx.db, p),
  opReportFunnel: (p, ctx) => svc.reports.funnel(ctx.db, p),
  opReportRepairShops: (p, ctx) => svc.reports.repairShops(ctx.db, p),
});
