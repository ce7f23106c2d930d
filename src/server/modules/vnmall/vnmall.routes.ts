import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { VnMallService } from './vnmall.service';

type VnMallHandlerNames =
  | 'vnMallOverview' | 'vnOfferList' | 'vnOfferSet' | 'vnOfferRemove' | 'vnRuleList' | 'vnRuleAdd' | 'vnRuleRemove'
  | 'opVnGoodsList' | 'opVnGoodsRemove' | 'opVnGoodsRestore' | 'opVnProductList' | 'opVnProductRemove' | 'opVnProductRestore'
  | 'opVnAfterSaleList' | 'opVnAfterSaleDetail' | 'opVnAfterSaleClose' | 'opServiceChargeList' | 'opServiceChargeSave' | 'opServiceChargeRemove' | 'opVnOrderList'
  | 'vnMallSearch' | 'vnMallOffer' | 'vnCartList' | 'vnCartAdd' | 'vnCartSetQty' | 'vnCartRemove' | 'vnCheckout' | 'vnMyOrders' | 'vnOrderPay' | 'vnSellerSettlement';

export const vnMallHandlers = (svc: VnMallService): Pick<Handlers, VnMallHandlerNames> => ({
  vnMallOverview: (p, ctx) => svc.overview(ctx.db, ctx.caller!, p),
  vnSellerSettlement: (p, ctx) => svc.sellerSettlement(ctx.db, ctx.caller!, p.month),
  vnOfferList: (p, ctx) => svc.offerList(ctx.db, ctx.caller!, p),
  vnOfferSet: (p, ctx) => svc.offerSet(ctx.db, ctx.caller!, p),
  vnOfferRemove: (p, ctx) => svc.offerRemove(ctx.db, ctx.caller!, p),
  vnRuleList: (_p, ctx) => svc.ruleList(ctx.db, ctx.caller!),
  vnRuleAdd: (p, ctx) => svc.ruleAdd(ctx.db, ctx.caller!, p),
  vnRuleRemove: (_p, ctx) => svc.ruleRemove(ctx.db, ctx.caller!, pathId(ctx.id, '规则')),
  opVnGoodsList: (p, ctx) => svc.goodsList(ctx.db, p),
  opVnGoodsRemove: (p, ctx) => svc.goodsRemove(ctx.db, ctx.caller!, p),
  opVnGoodsRestore: (p, ctx) => svc.goodsRestore(ctx.db, ctx.caller!, p),
  opVnProductList: (p, ctx) => svc.productList(ctx.db, p),
  opVnProductRemove: (p, ctx) => svc.productRemove(ctx.db, ctx.caller!, p),
  opVnProductRestore: (p, ctx) => svc.productRestore(ctx.db, ctx.caller!, p),
  opVnAfterSaleList: (p, ctx) => svc.afterSaleList(ctx.db, p),
  opVnAfterSaleDetail: (p, ctx) => svc.afterSaleDetail(ctx.db, p.as_no),
  opVnAfterSaleClose: (p, ctx) => svc.afterSaleClose(ctx.db, ctx.caller!, p, ctx),
  opServiceChargeList: (_p, ctx) => svc.bandList(ctx.db),
  opServiceChargeSave: (p, ctx) => svc.bandSave(ctx.db, ctx.caller!, p),
  opServiceChargeRemove: (_p, ctx) => svc.bandRemove(ctx.db, ctx.caller!, pathId(ctx.id, '服务费规则')),
  opVnOrderList: (p, ctx) => svc.orderList(ctx.db, p),
  vnMallSearch: (p, ctx) => svc.search(ctx.db, ctx.caller!, p),
  vnMallOffer: (_p, ctx) => svc.offer(ctx.db, ctx.caller!, pathId(ctx.id, '商品')),
  vnCartList: (_p, ctx) => svc.cartList(ctx.db, ctx.caller!),
  vnCartAdd: (p, ctx) => svc.cartAdd(ctx.db, ctx.caller!, p),
  vnCartSetQty: (p, ctx) => svc.cartSetQty(ctx.db, ctx.caller!, p),
  vnCartRemove: (p, ctx) => svc.cartRemove(ctx.db, ctx.caller!, p),
  vnCheckout: (p, ctx) => svc.checkout(ctx.db, ctx.caller!, p),
  vnMyOrders: (p, ctx) => svc.myOrders(ctx.db, ctx.caller!, p),
  vnOrderPay: (p, ctx) => svc.payOrder(ctx.db, ctx.caller!, p, ctx),
});
