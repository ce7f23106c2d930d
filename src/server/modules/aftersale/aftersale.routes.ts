import type { Handlers } from '../../http/mount';
import type { AfterSaleService } from './aftersale.service';

type Names = 'afterSaleApply' | 'afterSaleSearch' | 'afterSaleRetrieve' | 'afterSaleAgree' | 'afterSaleReject' | 'afterSaleCancel' | 'afterSaleDeliver'
  | 'afterSaleReceipt' | 'afterSaleComplete' | 'afterSaleLogistics' | 'opAfterSaleList' | 'opAfterSaleDetail' | 'opAfterSaleClose';

export const afterSaleHandlers = (svc: AfterSaleService): Pick<Handlers, Names> => ({
  afterSaleApply: (p, ctx) => svc.apply(ctx.db, ctx.caller!, p, ctx),
  afterSaleSearch: (p, ctx) => svc.search(ctx.db, ctx.caller!, p),
  afterSaleRetrieve: (p, ctx) => svc.retrieve(ctx.db, ctx.caller!, p.as_no),
  afterSaleAgree: (p, ctx) => svc.agree(ctx.db, ctx.caller!, p.as_no, ctx),
  afterSaleReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p.as_no, p.reason, ctx),
  afterSaleCancel: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p.as_no, p.reason, ctx),
  afterSaleDeliver: (p, ctx) => svc.deliver(ctx.db, ctx.caller!, p, ctx),
  afterSaleReceipt: (p, ctx) => svc.receipt(ctx.db, ctx.caller!, p.as_no, ctx),
  afterSaleComplete: (p, ctx) => svc.complete(ctx.db, ctx.caller!, p, ctx),
  afterSaleLogistics: (p, ctx) => svc.logistics(ctx.db, ctx.caller!, p.as_no),
  opAfterSaleList: (p, ctx) => svc.operatorList(ctx.db, p),
  opAfterSaleDetail: (p, ctx) => svc.operatorDetail(ctx.db, p.as_no),
  opAfterSaleClose: (p, ctx) => svc.close(ctx.db, ctx.caller!, p, ctx),
});
