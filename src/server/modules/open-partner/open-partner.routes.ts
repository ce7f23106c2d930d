import type { Handlers } from '../../http/mount';
import type { OpenPartnerService } from './open-partner.service';

type Names = 'openStockSearch' | 'openStockChanges' | 'openStockSync' | 'openSalesOrders' | 'openSalesOrderGet' | 'openSalesOrderConfirm'
  | 'openSalesOrderDeliver' | 'openPurchaseOrders' | 'openPurchaseOrderGet' | 'openPurchaseOrderReceive';

/** Signed partner calls (access 'open'): ctx.open is set by the edge's verifier, with the key's company. */
export const openPartnerHandlers = (svc: OpenPartnerService): Pick<Handlers, Names> => ({
  openStockSearch: (p, ctx) => svc.stockSearch(ctx.db, ctx.open!, p),
  openStockChanges: (p, ctx) => svc.stockChanges(ctx.db, ctx.open!, p),
  openStockSync: (p, ctx) => svc.stockSync(ctx.db, ctx.open!, p),
  openSalesOrders: (p, ctx) => svc.salesOrders(ctx.db, ctx.open!, p),
  openSalesOrderGet: (p, ctx) => svc.salesOrder(ctx.db, ctx.open!, p.order_no),
  openSalesOrderConfirm: (p, ctx) => svc.confirm(ctx.db, ctx.open!, p.order_no, ctx),
  openSalesOrderDeliver: (p, ctx) => svc.deliver(ctx.db, ctx.open!, p, ctx),
  openPurchaseOrders: (p, ctx) => svc.purchaseOrders(ctx.db, ctx.open!, p),
  openPurchaseOrderGet: (p, ctx) => svc.purchaseOrder(ctx.db, ctx.open!, p.order_no),
  openPurchaseOrderReceive: (p, ctx) => svc.receive(ctx.db, ctx.open!, p.order_no, ctx),
});
