import type { Handlers } from '../../http/mount';
import { packageReturnUrl, type MembershipService } from './membership.service';
import type { PaymentProviders } from '../payment/payment.providers';

type Names = 'getPayPackages' | 'createPackageOrder' | 'getPackageOrder' | 'cancelPackageOrder' | 'payPackageOrder' | 'sandboxCheckout' | 'sandboxConfirm'
  | 'applyPackagePromotion' | 'removePackagePromotion';

export const membershipHandlers = (svc: MembershipService, providers: PaymentProviders): Pick<Handlers, Names> => ({
  getPayPackages: (_p, ctx) => svc.packages(ctx.db, ctx.caller!),
  createPackageOrder: (p, ctx) => svc.createOrder(ctx.db, ctx.caller!, p.level_id),
  getPackageOrder: (p, ctx) => svc.order(ctx.db, ctx.caller!, p.order_no),
  cancelPackageOrder: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p.order_no),
  payPackageOrder: (p, ctx) => svc.pay(ctx.db, ctx.caller!, p.order_no, p.device),
  applyPackagePromotion: (p, ctx) => svc.applyPromotion(ctx.db, ctx.caller!, p.order_no, p.code),
  removePackagePromotion: (p, ctx) => svc.removePromotion(ctx.db, ctx.caller!, p.order_no),
  async sandboxCheckout(p, ctx) {
    const c = await providers.sandbox.readCheckout(ctx.db, p.token);
    const order = await svc.orderForCheckout(ctx.db, ctx.caller!, c.order_no);
    return { order_no: c.order_no, subject: c.subject, company_name: order.company_name, amount_fen: c.amount_fen, state: order.state, expires_at: c.expires_at, return_url: packageReturnUrl(order.order_no, order.state) };
  },
  async sandboxConfirm(p, ctx) {
    const notice = await providers.sandbox.verifyNotice(ctx.db, p);
    await svc.orderForCheckout(ctx.db, ctx.caller!, notice.order_no);
    const order = await svc.applyNotice(ctx.db, providers.sandbox.name, notice, ctx);
    return { order_no: order.order_no, state: order.state, return_url: packageReturnUrl(order.order_no, order.state) };
  },
});
