import type { Handlers } from '../../http/mount';
import type { OrdersService } from './orders.service';
import { refuseVnBuyer } from '../vnmall/vnmall.service';

type Names = 'cartSubmit' | 'orderSearch' | 'orderRetrieve' | 'orderConfirm' | 'orderReject' | 'orderDeliver' | 'orderOfflinePayment' | 'orderCancel' | 'orderReceipt' | 'financeSummary'
  | 'orderPay' | 'orderPaymentGet' | 'orderPayOptions' | 'sellerPaySettingGet' | 'sellerPaySettingSave' | 'spotCreate';

export const ordersHandlers = (svc: OrdersService): Pick<Handlers, Names> => ({
  // a Vietnamese company buys stock in the Vietnam mall only; quotes it asked for it may buy here (docs/overseas.md)
  cartSubmit: async (p, ctx) => {
    if (p.type_code === '配件产品') await refuseVnBuyer(ctx.db, ctx.caller!);
    return svc.checkout(ctx.db, ctx.caller!, p, ctx);
  },
  spotCreate: async (p, ctx) => (await refuseVnBuyer(ctx.db, ctx.caller!), svc.spotCreate(ctx.db, ctx.caller!, p, ctx)),
  orderSearch: (p, ctx) => svc.search(ctx.db, ctx.caller!, p),
  orderRetrieve: (p, ctx) => svc.retrieve(ctx.db, ctx.caller!, p.order_no),
  orderConfirm: (p, ctx) => svc.confirm(ctx.db, ctx.caller!, p.order_no, ctx),
  orderReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p.order_no, p.reason, ctx),
  orderDeliver: (p, ctx) => svc.deliver(ctx.db, ctx.caller!, p, ctx),
  orderOfflinePayment: (p, ctx) => svc.pay(ctx.db, ctx.caller!, p, ctx),
  orderCancel: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p.order_no, p.reason, ctx),
  orderReceipt: (p, ctx) => svc.receipt(ctx.db, ctx.caller!, p.order_no, ctx),
  financeSummary: (_p, ctx) => svc.finance(ctx.db, ctx.caller!),
  orderPay: (p, ctx) => svc.payOnline(ctx.db, ctx.caller!, p, ctx),
  orderPaymentGet: (p, ctx) => svc.paymentGet(ctx.db, ctx.caller!, p.payment_no),
  orderPayOptions: (_p, ctx) => svc.payOptions(ctx.db, ctx.caller!),
  sellerPaySettingGet: (_p, ctx) => svc.paySetting(ctx.db, ctx.caller!),
  sellerPaySettingSave: (p, ctx) => svc.savePaySetting(ctx.db, ctx.caller!, p.offline_allowed),
});
