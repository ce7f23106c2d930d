import type { Handlers } from '../../http/mount';
import { refuseVnBuyer } from '../vnmall/vnmall.service';
import type { SearchService } from './search.service';

export const searchHandlers = (svc: SearchService): Pick<Handlers, 'oeSearch' | 'oeSellers' | 'instantSearch' | 'keywordSearch' | 'searchTradeList' | 'companySearch' | 'companySearchMarkets' | 'getPartBrands'
  | 'myPartsSearch' | 'purchaseHistorySearch' | 'oilSearch' | 'newVehicleSearch'> => ({
  // a Vietnamese company searches the Vietnam mall only (docs/overseas.md)
  oeSearch: async (p, ctx) => (await refuseVnBuyer(ctx.db, ctx.caller!), svc.oeSearch(ctx.db, ctx.caller!, p.oe_list, p.company_id)),
  oeSellers: (p, ctx) => svc.oeSellers(ctx.db, ctx.caller!, { oe: p.oe, offset: p.offset, limit: p.limit }),
  instantSearch: (p, ctx) => svc.suggest(ctx.db, p.oe),
  keywordSearch: async (p, ctx) => (await refuseVnBuyer(ctx.db, ctx.caller!), svc.keywordSearch(ctx.db, ctx.caller!, { ...p, circle: p.circle === true, dismantled: p.dismantled === true, spot: p.spot === true })),
  companySearch: (p, ctx) => svc.companySearch(ctx.db, ctx.caller!, p),
  companySearchMarkets: (_p, ctx) => svc.companySearchMarkets(ctx.db),
  getPartBrands: (p, ctx) => svc.partBrands(ctx.db, { keyword: p.keyword ?? '', page_number: p.page_number, page_size: p.page_size }),
  myPartsSearch: (p, ctx) => svc.myPartsSearch(ctx.db, ctx.caller!, p.k),
  purchaseHistorySearch: (p, ctx) => svc.purchaseHistorySearch(ctx.db, ctx.caller!, p),
  oilSearch: (p, ctx) => svc.oilSearch(ctx.db, p),
  newVehicleSearch: (p, ctx) => svc.newVehicleSearch(ctx.db, p),
  searchTradeList: (p, ctx) => svc.tradeList(ctx.db, ctx.caller!, { page_size: p.page_size, is_in_member: p.is_in_member === true, show_internal: p.show_internal === true }),
});
