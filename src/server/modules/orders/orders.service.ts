/**
 * Goods orders: checkout from the cart, the two sides' lists and the moves of an order.
 *
 * Checkout takes the cart lines the buyer confirmed, priced by the cart service exactly as the cart
 * shows them, makes one order per seller, takes the pieces off each stock row and removes the lines
 * from the cart, all in one transaction (the endpoint also requires an Idempotency-Key, so a
 * repeated submit replays the first answer). Stock rule: taken at creation with a check that
 * enough is there (rows locked, `quantity >= qty` in the update), given back on cancel or reject.
 *
 * Every move locks the order row, checks the caller's company is the side the move belongs to,
 * asks the state machine (shared/domain/orders) and writes the change with its event, or changes
 * nothing and says why.
 */
import { takeCircleAllocation } from '../circle/circle-stock.service';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { enqueueOrderEvent, enqueueStockLow } from '../webhook/webhook.service';
import { orderText, ResultCode, type Finance, type OrderDetail, type OrderSummary, type PayloadOut } from '../../../shared/contracts';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { mayBuyPackage } from '../../../shared/domain/membership';
import { chinaDateTime, chinaDay, formatChina } from '../../../shared/domain/china-time';
import type { WechatService } from '../wechat/wechat.service';
import { creditDueDate, creditOverdue } from '../../../shared/domain/customer';
import { creditRefusal, creditTermsFor } from '../customer/customer.service';
import { creditUseOf } from './order-stats.service';
import {
  ACTION_SIDE, FINANCE_CODES, OFFLINE_REFUSED, orderTransition, PURCHASE_ORDER_CODES, releasesStock, SALES_ORDER_CODES,
  type OrderAction, type OrderState,
} from '../../../shared/domain/orders';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import type { CartService } from '../cart/cart.service';
import type { MembershipService } from '../membership/membership.service';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { orderNotice, type OrderNoticeAction } from '../im/notices';
import * as repo from './orders.repo';
import * as payRepo from './order-payment.repo';
import type { OrderMoney } from './order-payment.service';
import { afterSalesOfOrder } from '../aftersale/aftersale.service';
import { warrantyAfterSaleEnd } from '../warranty/warranty.service';
import { spotFlags } from '../stock/stock.service';
import { markFollowedOesChanged } from '../basket/follow.service';
import { SPOT_CONFIRM_MINUTES, spotText } from '../../../shared/domain/spot';
import { earnOnOrderCompleted } from '../points/points.service';
import type { OrderReduction } from '../../../shared/domain/full-reduction';
import { recordVoucherUse, returnVoucherOf, takeVouchers, voucherOfOrder } from '../voucher/voucher.service';
import { reductionActivity } from '../activity/activity.read';

/**
 * What an order was paid less what was refunded, per order number, for those who may only ever
 * bill that much (invoices; docs/money.md "Paying orders"). Unpaid orders count 0.
 */
export const paidLessRefunds = async (db: Kysely<DB>, orderIds: readonly (string | number)[]): Promise<Map<string, { order_no: string; paid: boolean; fen: number }>> => {
  const rows = await payRepo.paidLessRefunds(db, orderIds.map(String));
  return new Map(rows.map((r) => [String(r.id), { order_no: r.order_no, paid: r.pay_status === 'paid', fen: Number(r.fen) }]));
};

/** An order's rows and the steps of a cancel, for the operators' oversight (in the caller's transaction). */
export { addEvent, eventsOf, linesOf, lockOrder, orderByNo, setOrder } from './orders.repo';
/** Placing an order of another module's checkout (the Vietnam mall, docs/overseas.md): the same rows and stock rule. */
export { insertOrder, takeStock, type NewLine, type NewOrder } from './orders.repo';

/** An order's lines whose pieces went back to stock, for a module that keeps its own count of them. */
export interface ReturnedLine { order_id: string; stock_id: number; qty: number; price_column: string }
type OnReturned = (trx: Kysely<DB>, lines: ReturnedLine[]) => Promise<void>;
const onReturned: OnReturned[] = [];
/**
 * Runs `fn` in the transaction of every cancellation or rejection that gives pieces back: the
 * Vietnam mall raises its offers' quantities again (docs/overseas.md), an activity takes its
 * pieces back into its reserve (docs/activities.md). The mall's module sells
 * through this one, so it subscribes here instead of being called from here.
 */
export const onStockReturned = (fn: OnReturned) => { onReturned.push(fn); };

/** Gives an order's pieces back to their stock rows and queues the followed parts among them (docs/basket-follows.md). */
export const returnStock = async (trx: Kysely<DB>, orderId: string) => {
  const { stockIds, lines } = await repo.returnStock(trx, orderId);
  await markFollowedOesChanged(trx, { stockIds });
  for (const fn of onReturned) await fn(trx, lines);
};

type Ctx = Pick<RequestContext, 'afterCommit'>;

const notFound = () => new AppError(ResultCode.notFound, 404, orderText.notFound);

/** SO / CO + China time to the second + 6 random digits. */
const newNo = (prefix: 'SO' | 'CO', now: Date) =>
  `${prefix}${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const mayPurchase = (c: Caller) => hasAnyPermission(c.permissions, PURCHASE_ORDER_CODES);
const maySell = (c: Caller) => hasAnyPermission(c.permissions, SALES_ORDER_CODES);
/** 服务（售后） reads the orders its after-sales are about, on either side; the moves stay with the order codes. */
const mayServe = (c: Caller) => hasAnyPermission(c.permissions, ['M08']);

type SummaryRow = Pick<repo.OrderRow, 'order_no' | 'checkout_no' | 'status' | 'pay_status' | 'buyer_company_id' | 'buyer_company_name'
  | 'seller_company_id' | 'seller_company_name' | 'line_count' | 'total_qty' | 'total_fen' | 'deducted_fen' | 'first_line' | 'created_at'
  | 'pay_channel' | 'paid_fen' | 'refunded_fen' | 'spot' | 'confirm_by'>;

const summary = (o: SummaryRow, caller: Caller): OrderSummary => ({
  order_no: o.order_no, checkout_no: o.checkout_no, status: o.status, pay_status: o.pay_status,
  buyer_company_id: o.buyer_company_id, buyer_company_name: o.buyer_company_name,
  seller_company_id: o.seller_company_id, seller_company_name: o.seller_company_name,
  line_count: o.line_count, total_qty: o.total_qty, total_fen: Number(o.total_fen), deducted_fen: Number(o.deducted_fen), first_line: o.first_line ?? '',
  created_at: unix(o.created_at), side: o.seller_company_id === caller.companyId ? 'seller' : 'buyer',
  pay_channel: o.pay_channel ?? '', paid_fen: Number(o.paid_fen), refunded_fen: Number(o.refunded_fen),
  spot: o.spot, confirm_by: unix(o.confirm_by),
});

/** The most orders one export writes (the newest of the filter); docs/api.md, "Order list export". */
export const ORDER_EXPORT_MAX = 2000;

/** The list's filter on the caller's own company, if the caller holds the side's order codes. */
const listFilter = (caller: Caller, p: Pick<PayloadOut<'orderSearch'>, 'side' | 'status' | 'pay_status' | 'order_no'>): repo.OrderFilter => {
  if (p.side === 'purchase' && !mayPurchase(caller)) throw forbidden(orderText.noPurchaseRight);
  if (p.side === 'sales' && !maySell(caller)) throw forbidden(orderText.noSalesRight);
  return { side: p.side === 'purchase' ? 'buyer' : 'seller', companyId: caller.companyId, status: p.status, payStatus: p.pay_status, no: p.order_no };
};

export interface OrdersDeps {
  clock: Clock;
  cart: CartService;
  membership: MembershipService;
  /** the message assistant's notices: a new order to the seller's order users, the seller's moves to the buyer */
  notices?: Pick<ImService, 'postNotice'>;
  /** paying online, payouts and refunds (order-payment.service.ts) */
  money: OrderMoney;
  /** WeChat template messages: weChat-003 to the buyer when an order ships (docs/wechat.md) */
  wechat?: Pick<WechatService, 'notify'>;
}

export const createOrdersService = ({ clock, cart, membership, notices, money, wechat }: OrdersDeps) => {
  /** Who hears of a move: the buyer who placed the order of the seller's moves (pay is the seller recording the offline payment), the seller's order users of the buyer's (cancel, receipt). */
  const MOVE_NOTICES: Partial<Record<OrderAction, OrderNoticeAction>> = {
    confirm: 'confirm', deliver: 'deliver', reject: 'reject', cancel: 'cancel', pay: 'pay', receipt: 'receipt',
  };
  const TO_SELLER: ReadonlySet<OrderNoticeAction> = new Set(['cancel', 'receipt']);

  /** The order, if the caller's company is one of its two sides and holds that side's codes (or M08, to read it). */
  const readable = async (db: Kysely<DB>, caller: Caller, orderNo: string) => {
    const o = await repo.orderByNo(db, orderNo);
    if (!o) throw notFound();
    if (o.buyer_company_id === caller.companyId) {
      if (!mayPurchase(caller) && !mayServe(caller)) throw forbidden(orderText.noPurchaseRight);
    } else if (o.seller_company_id === caller.companyId) {
      if (!maySell(caller) && !mayServe(caller)) throw forbidden(orderText.noSalesRight);
    } else {
      throw forbidden(orderText.otherCompany);
    }
    return o;
  };

  const detail = async (db: Kysely<DB>, caller: Caller, orderNo: string): Promise<OrderDetail> => {
    const o = await readable(db, caller, orderNo);
    const [lines, events, afterSales, refunds, pay, offlineAllowed, voucher, reduction] = await Promise.all([
      repo.linesOf(db, o.id), repo.eventsOf(db, o.id), afterSalesOfOrder(db, o.id), payRepo.refundsOf(db, o.id), payRepo.paymentNoOf(db, o.payment_id),
      payRepo.offlineAllowed(db, o.seller_company_id), voucherOfOrder(db, o.id), reductionActivity(db, o.reduction_activity_id),
    ]);
    return {
      ...summary(o, caller),
      voucher_fen: Number(o.voucher_fen), voucher_name: voucher?.name ?? '',
      reduction_fen: Number(o.reduction_fen), reduction_name: reduction.name, reduction_kind: reduction.kind,
      buyer_user_name: o.buyer_user_name,
      contact_name: o.contact_name, contact_phone: o.contact_phone, address: o.address, remark: o.remark,
      reject_reason: o.reject_reason ?? '', cancel_reason: o.cancel_reason ?? '',
      logistics_company: o.logistics_company ?? '', logistics_no: o.logistics_no ?? '',
      pay_method: o.pay_method ?? '', pay_note: o.pay_note ?? '',
      credit_due_date: o.credit_due_day,
      credit_overdue: o.pay_status === 'unpaid' && !['cancelled', 'rejected'].includes(o.status) && creditOverdue(o.credit_due_day, chinaDay(clock.now())),
      confirmed_at: unix(o.confirmed_at), shipped_at: unix(o.shipped_at), received_at: unix(o.received_at), completed_at: unix(o.completed_at),
      cancelled_at: unix(o.cancelled_at), rejected_at: unix(o.rejected_at), paid_at: unix(o.paid_at),
      lines: lines.map((l) => ({
        id: Number(l.id), stock_id: l.stock_id, supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, quality_name: l.quality_name,
        uom_name: l.uom_name, qty: l.qty, include_tax: l.include_tax, price_column: l.price_column, unit_price_fen: l.unit_price_fen, amount_fen: Number(l.amount_fen),
        ...(l.promo_plan_id !== null && l.list_price_fen !== null ? { promo_plan_id: l.promo_plan_id, promo_name: l.promo_name ?? '', list_price_fen: l.list_price_fen } : {}),
        ...(Number(l.reduction_fen) > 0 ? { reduction_fen: Number(l.reduction_fen) } : {}),
      })),
      events: events.map((e) => ({ action: e.action, from_status: e.from_status ?? '', to_status: e.to_status, note: e.note, user_name: e.user_name, created_at: unix(e.created_at) })),
      after_sales: afterSales,
      payment_no: pay?.payment_no ?? '', paid_out_at: unix(o.paid_out_at), payout_fen: Number(o.payout_fen), payout_fee_fen: Number(o.payout_fee_fen),
      offline_allowed: offlineAllowed,
      // a quality problem past the ordinary window, under the seller's platform warranty (docs/warranty.md)
      warranty_aftersale_end: await warrantyAfterSaleEnd(db, { sellerId: o.seller_company_id, receivedAtS: unix(o.received_at), lineIds: lines.map((l) => String(l.id)), now: clock.now() }),
      refunds: refunds.map((r) => ({ refund_no: r.refund_no, amount_fen: Number(r.amount_fen), source: r.source, destination: r.destination, state: r.state, created_at: unix(r.created_at) })),
    };
  };

  type Extra = Partial<Parameters<typeof repo.setOrder>[2]>;

  /** One move: locked row, the right side, the state machine, the change, the event. */
  const move = async (db: Kysely<DB>, caller: Caller, orderNo: string, action: OrderAction, extra: Extra, note: string, ctx?: Ctx): Promise<OrderDetail> => {
    await inTransaction(db, async (trx) => {
      const o = await repo.lockOrder(trx, orderNo);
      if (!o) throw notFound();
      const side = ACTION_SIDE[action];
      const own = side === 'buyer' ? o.buyer_company_id : o.seller_company_id;
      if (own !== caller.companyId) {
        const other = side === 'buyer' ? o.seller_company_id : o.buyer_company_id;
        throw forbidden(other === caller.companyId ? (side === 'buyer' ? orderText.buyerOnly : orderText.sellerOnly) : orderText.otherCompany);
      }
      const from: OrderState = { status: o.status, payStatus: o.pay_status };
      const step = orderTransition(from, action);
      if (!step.ok) throw conflict(step.reason);
      // a spot order past its time is the sweep's to cancel (docs/spot-goods.md)
      if (action === 'confirm' && o.spot && o.confirm_by && o.confirm_by.getTime() <= clock.now().getTime()) throw conflict(spotText.confirmLate);
      if (action === 'pay' && !(await money.offlineAllowed(trx, o.seller_company_id))) throw conflict(OFFLINE_REFUSED);
      const now = clock.now();
      const stamps: Extra = {};
      if (action === 'pay') {
        const m = (await payRepo.moneyRows(trx, [o.id]))[0];
        stamps.pay_channel = 'offline';
        stamps.paid_fen = Number(m.total_fen) - Number(m.deducted_fen);
      }
      if (step.to.status !== from.status) {
        const at = ({ confirmed: 'confirmed_at', shipped: 'shipped_at', received: 'received_at', cancelled: 'cancelled_at', rejected: 'rejected_at' } as const)[step.to.status as 'confirmed'];
        if (at) stamps[at] = now;
        if (step.to.status === 'completed') {
          stamps.completed_at = now;
          if (action === 'receipt') stamps.received_at = now;
        }
      }
      if (step.to.payStatus !== from.payStatus) stamps.paid_at = now;
      await repo.setOrder(trx, o.id, { status: step.to.status, pay_status: step.to.payStatus, ...stamps, ...extra });
      if (releasesStock(step.to.status)) {
        await returnStock(trx, o.id);
        await returnVoucherOf(trx, o.id, now);
      }
      await repo.addEvent(trx, { order_id: o.id, action, actor_user_id: caller.userId, from_status: from.status, to_status: step.to.status, note, created_at: now });
      // partners' webhooks, in this transaction (docs/open-platform.md, "Webhooks")
      const hook = ({ pay: 'order.paid', deliver: 'order.delivered', receipt: 'order.received' } as const)[action as 'pay'];
      if (hook) await enqueueOrderEvent(trx, hook, { order_no: orderNo, buyer_company_id: o.buyer_company_id, seller_company_id: o.seller_company_id }, now, ctx);
      // money (docs/money.md, "Paying orders"): a paid order cancelled or rejected is refunded in full; a received one is paid out
      if (releasesStock(step.to.status) && from.payStatus === 'paid') {
        const m = (await payRepo.moneyRows(trx, [o.id]))[0];
        const left = Number(m.paid_fen) - Number(m.refunded_fen);
        const pending = await money.refund(trx, o.id, left, { key: `${action}:${orderNo}`, afterSaleId: null, createdBy: caller.userId });
        if (pending) await money.afterRefunds(trx, [pending], ctx);
      }
      if (step.to.status === 'completed') await money.payout(trx, o.id, caller.userId);
      if (step.to.status === 'completed') await earnOnOrderCompleted(trx, o.id, now, caller.userId);
      const told = MOVE_NOTICES[action];
      if (notices && ctx && told) {
        const full = (await repo.orderByNo(trx, orderNo))!;
        const to = TO_SELLER.has(told) ? await imRead.usersWithCodes(trx, full.seller_company_id, SALES_ORDER_CODES) : [full.buyer_user_id];
        await notices.postNotice(trx, { to, ...orderNotice(told, {
          ...full, total_fen: Number(full.total_fen), reason: extra.reject_reason ?? extra.cancel_reason,
          logistics: extra.logistics_company ? `${extra.logistics_company} ${extra.logistics_no ?? ''}`.trim() : undefined,
          pay_method: extra.pay_method,
        }) }, ctx);
      }
      // weChat-003 to the buyer who placed it (docs/wechat.md)
      if (wechat && action === 'deliver') {
        const full = (await repo.orderByNo(trx, orderNo))!;
        await wechat.notify(trx, {
          scene: 'weChat-003', userIds: [full.buyer_user_id], link: `/backend/order/detail/${orderNo}`, ref_no: orderNo,
          values: {
            order_no: orderNo, seller: full.seller_company_name, time: chinaDateTime(now),
            logistics: `${extra.logistics_company ?? ''} ${extra.logistics_no ?? ''}`.trim(),
          },
        }, ctx);
      }
    });
    return detail(db, caller, orderNo);
  };

  /**
   * 账期 (docs/customers.md "Credit terms"): for each seller the buyer chose to order from on
   * credit, the term it gives the buyer (its own, or its head company's) with its row locked, then
   * what the term's unpaid credit orders already ask; the order goes on credit only if that plus
   * this order stays within the limit. Answers what each credit order records.
   */
  const creditOrders = async (trx: Kysely<DB>, caller: Caller, chosen: number[], sellers: number[], lines: { companyId: number; amount: number }[], now: Date, discountOf: (seller: number) => number) => {
    const out = new Map<number, { credit_company_id: number; credit_due_date: string }>();
    const wanted = [...new Set(chosen)].sort((a, b) => a - b);
    if (wanted.length === 0) return out;
    const notInCheckout = wanted.find((s) => !sellers.includes(s));
    if (notInCheckout !== undefined) throw invalid('credit_sellers', orderText.creditSellerUnknown);
    const terms = await creditTermsFor(trx, caller.companyId, wanted, true);
    for (const seller of wanted) {
      const term = terms.get(seller);
      if (!term) throw creditRefusal.noTerm(await repo.companyName(trx, seller));
    }
    const use = await creditUseOf(trx, { sellerIds: wanted, today: chinaDay(now) });
    for (const seller of wanted) {
      const term = terms.get(seller)!;
      const used = use.find((u) => u.sellerId === seller && u.holderId === term.holderId)?.usedFen ?? 0;
      // what the order will ask: its lines less its voucher (docs/vouchers.md), as credit use counts it
      const orderFen = lines.filter((l) => l.companyId === seller).reduce((s, l) => s + l.amount, 0) - discountOf(seller);
      if (used + orderFen > term.limitFen) throw creditRefusal.over(term.limitFen, term.limitFen - used, orderFen);
      out.set(seller, { credit_company_id: term.holderId, credit_due_date: creditDueDate(chinaDay(now), term.days) });
    }
    return out;
  };

  /**
   * Checkout: the cart lines the page showed, one order per seller. A spot order (现货订单,
   * docs/spot-goods.md) takes lines that are all marked 现货 and in stock (the page sends its own
   * lines, ticked or not), and its seller must confirm it before confirm_by.
   */
  const place = (db: Kysely<DB>, caller: Caller, p: PayloadOut<'spotCreate'> & { type_code: PayloadOut<'cartSubmit'>['type_code']; credit_sellers?: number[] }, spot: boolean, ctx?: Ctx) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.cart_ids)];
        const lines = await cart.pricedForOrder(trx, caller, p.type_code, ids);
        // every line the page showed must still be the caller's (and, for a checkout, ticked)
        if (lines.length !== ids.length || (!spot && lines.some((l) => !l.checked))) throw conflict(orderText.cartChanged);
        const spotFlagsOf = spot ? await spotFlags(trx, lines.flatMap((l) => (l.stockId === null ? [] : [l.stockId]))) : undefined;
        for (const l of lines) {
          const name = `${l.supplierOe} ${l.name}`;
          if (l.companyId === caller.companyId) throw forbidden('不能购买本公司的库存');
          if (spotFlagsOf && (l.stockId === null || !spotFlagsOf.get(l.stockId))) throw conflict(spotText.notSpot(name));
          if (spotFlagsOf && l.stockQty <= 0) throw conflict(spotText.outOfStock(name));
          if (l.productSource !== PRODUCT_SOURCE_ON_SALE) throw conflict(orderText.unavailable(name, l.unavailableReason));
          if (l.qty > l.stockQty) throw conflict(spotFlagsOf ? spotText.notEnough(name, l.stockQty) : orderText.notEnough(name, l.stockQty));
        }
        const now = clock.now();
        // 满减 per seller order, on the lines' prices (plans included), before vouchers; a spot order takes none (docs/activities.md "满减")
        const reductions = spot ? new Map<number, OrderReduction>() : await cart.reductionsOf(trx, lines);
        const shareOf = (l: { id: number; companyId: number }) => reductions.get(l.companyId)?.shares.get(l.id) ?? 0;
        const net = lines.map((l) => ({ ...l, amount: l.amount - shareOf(l) }));
        // the vouchers the buyer chose, one per seller order, counted on what is left after 满减 (docs/vouchers.md)
        const vouchers = await takeVouchers(trx, caller.companyId, p.vouchers ?? [], net, now);
        const total = net.reduce((s, l) => s + l.amount, 0) - [...vouchers.values()].reduce((s, v) => s + v.discountFen, 0);
        if (total !== p.expected_total_fen) throw conflict(orderText.totalChanged(total));
        const sellers = [...new Set(lines.map((l) => l.companyId))];
        const unknownRemark = p.remarks.find((r) => !sellers.includes(r.company_id));
        if (unknownRemark) throw invalid('remarks', orderText.remarkSeller);

        const credit = await creditOrders(trx, caller, p.credit_sellers ?? [], sellers, net, now, (seller) => vouchers.get(seller)?.discountFen ?? 0);
        const checkoutNo = newNo('CO', now);
        const used = new Set<string>();
        const drops = new Map<number, number>();
        for (const seller of sellers) {
          const own = lines.filter((l) => l.companyId === seller);
          let orderNo = newNo('SO', now);
          while (used.has(orderNo)) orderNo = newNo('SO', now);
          used.add(orderNo);
          for (const l of own) {
            // a quote line (临时产品) takes no stock row: the seller quoted what it can supply
            if (l.stockId !== null && !(await repo.takeStock(trx, l.stockId, l.qty))) throw conflict(orderText.notEnough(`${l.supplierOe} ${l.name}`, l.stockQty));
            if (l.stockId !== null) drops.set(l.stockId, (drops.get(l.stockId) ?? 0) + l.qty);
            // bought at the circle price: the pieces leave the allocation too (docs/circles.md)
            if (l.stockId !== null && l.circleId !== null) await takeCircleAllocation(trx, l.circleId, l.stockId, l.qty, now);
          }
          const id = await repo.insertOrder(trx, {
            order_no: orderNo, checkout_no: checkoutNo, buyer_company_id: caller.companyId, buyer_user_id: caller.userId, seller_company_id: seller,
            line_count: own.length, total_qty: own.reduce((s, l) => s + l.qty, 0),
            total_fen: own.reduce((s, l) => s + l.amount - shareOf(l), 0) - (vouchers.get(seller)?.discountFen ?? 0), voucher_fen: vouchers.get(seller)?.discountFen ?? 0,
            ...(reductions.get(seller)?.offFen ? { reduction_fen: reductions.get(seller)!.offFen, reduction_activity_id: reductions.get(seller)!.activityId } : {}),
            contact_name: p.contact_name, contact_phone: p.contact_phone, address: p.address,
            remark: p.remarks.find((r) => r.company_id === seller)?.remark ?? '', created_at: now,
            ...(spot ? { spot: true, confirm_by: new Date(now.getTime() + SPOT_CONFIRM_MINUTES * 60_000) } : {}),
            ...credit.get(seller),
          }, own.map((l) => ({
            stock_id: l.stockId, quote_id: l.quoteId, type_code: l.typeCode, supplier_oe: l.supplierOe, name: l.name, brand_name: l.brandName,
            quality_name: l.qualityName, uom_name: l.uomName, qty: l.qty, include_tax: l.isIncludeTaxProduct,
            price_column: l.priceColumn!, unit_price_fen: l.price!, amount_fen: l.amount, circle_id: l.circleId,
            // charged under a promotion plan: the plan and the price before it, kept as they were (docs/promotions.md)
            ...(l.promo ? { promo_plan_id: l.promo.planId, list_price_fen: l.promo.listPrice } : {}),
            ...(shareOf(l) > 0 ? { reduction_fen: shareOf(l) } : {}),
          })));
          await repo.addEvent(trx, { order_id: id, action: 'create', actor_user_id: caller.userId, from_status: null, to_status: 'pending', note: '', created_at: now });
          const voucher = vouchers.get(seller);
          if (voucher) await recordVoucherUse(trx, voucher, id, now);
        }
        await enqueueStockLow(trx, { drops: [...drops].map(([stockId, taken]) => ({ stockId, taken })), at: now }, ctx);
        // a sell-out changes what followers of these parts are charged or whether anyone has them (docs/basket-follows.md)
        await markFollowedOesChanged(trx, { stockIds: [...drops.keys()] });
        await cart.removeOrdered(trx, caller, ids);
        const placed = await repo.ordersOfCheckout(trx, checkoutNo);
        for (const o of placed) await enqueueOrderEvent(trx, 'order.created', o, now, ctx);
        if (notices && ctx) {
          for (const o of placed) {
            await notices.postNotice(trx, { to: await imRead.usersWithCodes(trx, o.seller_company_id, SALES_ORDER_CODES), ...orderNotice('create', { ...o, total_fen: Number(o.total_fen) }) }, ctx);
          }
        }
        const orders = placed.map((o) => summary(o, caller));
        return { checkout_no: checkoutNo, orders, total_fen: total };
      });

  /**
   * A pending spot order past confirm_by is cancelled, its stock given back and its payment (if
   * any) refunded, and the buyer told why: once, since the row is locked and must still be pending.
   */
  const expireSpot = async (db: Kysely<DB>, orderNo: string, now: Date) => {
    const later: Array<() => void> = [];
    const ctx: Ctx = { afterCommit: (fn) => later.push(fn) };
    const done = await inTransaction(db, async (trx) => {
      const o = await repo.lockOrder(trx, orderNo);
      if (!o || !o.spot || o.status !== 'pending' || !o.confirm_by || o.confirm_by.getTime() > now.getTime()) return false;
      const step = orderTransition({ status: o.status, payStatus: o.pay_status }, 'cancel');
      if (!step.ok) return false;
      const full = (await repo.orderByNo(trx, orderNo))!;
      await repo.setOrder(trx, o.id, { status: step.to.status, cancel_reason: spotText.expiredReason, cancelled_at: now });
      await returnStock(trx, o.id);
      await returnVoucherOf(trx, o.id, now);
      await repo.addEvent(trx, { order_id: o.id, action: 'cancel', actor_user_id: full.buyer_user_id, from_status: o.status, to_status: step.to.status, note: spotText.expiredReason, created_at: now });
      if (o.pay_status === 'paid') {
        const m = (await payRepo.moneyRows(trx, [o.id]))[0];
        const pending = await money.refund(trx, o.id, Number(m.paid_fen) - Number(m.refunded_fen), { key: `spot-expire:${orderNo}`, afterSaleId: null, createdBy: full.buyer_user_id });
        if (pending) await money.afterRefunds(trx, [pending], ctx);
      }
      if (notices) {
        await notices.postNotice(trx, { to: [full.buyer_user_id], ...orderNotice('expire', { ...full, pay_method: undefined, total_fen: Number(full.total_fen), reason: spotText.expiredReason }) }, ctx);
      }
      return true;
    });
    for (const fn of later) fn();
    return done;
  };

  return {
    checkout: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'cartSubmit'>, ctx?: Ctx) => place(db, caller, p, false, ctx),
    /** 现货下单 (/cart/order/spotCreate, docs/spot-goods.md) */
    spotCreate: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'spotCreate'>, ctx?: Ctx) => place(db, caller, { ...p, type_code: '配件产品' }, true, ctx),

    /** The spot sweep (spot-sweep.ts): pending spot orders past their time, each cancelled in its own transaction. */
    async expireSpotOrders(db: Kysely<DB>, now: Date, limit = 500) {
      let n = 0;
      for (const d of await repo.spotOrdersDue(db, now, limit)) if (await expireSpot(db, d.order_no, now)) n += 1;
      return n;
    },

    async search(db: Kysely<DB>, caller: Caller, p: PayloadOut<'orderSearch'>) {
      const f = listFilter(caller, p);
      const [rows, counts] = await Promise.all([
        repo.searchOrders(db, f, p.page_size, (p.page_number - 1) * p.page_size),
        repo.countByStatus(db, f),
      ]);
      const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
      const all = counts.reduce((s, c) => s + c.n, 0);
      return { data: rows.map((r) => summary(r, caller)), total: p.status ? (byStatus[p.status] ?? 0) : all, counts: { ...byStatus, all } };
    },

    /**
     * The orders the list shows for this filter (its status tab, payment state and number, every
     * page), newest first, at most ORDER_EXPORT_MAX, each with its lines: the rows of the list's
     * XLSX export (orders.export.ts). Same side rights and company scope as the list.
     */
    async exportRows(db: Kysely<DB>, caller: Caller, p: PayloadOut<'orderSearch'>) {
      const orders = await repo.ordersForExport(db, listFilter(caller, p), ORDER_EXPORT_MAX);
      const lines = await repo.linesOfOrders(db, orders.map((o) => o.order_id));
      return orders.map((o) => ({
        ...summary(o, caller), contact_name: o.contact_name, contact_phone: o.contact_phone, address: o.address, remark: o.remark,
        logistics: o.logistics_company ? `${o.logistics_company} ${o.logistics_no ?? ''}`.trim() : '', pay_method: o.pay_method ?? '', shipped_at: unix(o.shipped_at),
        lines: lines.filter((l) => l.order_id === o.order_id),
      }));
    },

    retrieve: (db: Kysely<DB>, caller: Caller, orderNo: string) => detail(db, caller, orderNo),

    confirm: (db: Kysely<DB>, caller: Caller, orderNo: string, ctx?: Ctx) => move(db, caller, orderNo, 'confirm', {}, '', ctx),
    reject: (db: Kysely<DB>, caller: Caller, orderNo: string, reason: string, ctx?: Ctx) => move(db, caller, orderNo, 'reject', { reject_reason: reason }, reason, ctx),
    deliver: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'orderDeliver'>, ctx?: Ctx) =>
      move(db, caller, p.order_no, 'deliver', { logistics_company: p.logistics_company, logistics_no: p.logistics_no }, `${p.logistics_company} ${p.logistics_no}`, ctx),
    pay: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'orderOfflinePayment'>, ctx?: Ctx) =>
      move(db, caller, p.order_no, 'pay', { pay_method: p.pay_method, pay_note: p.note }, p.note ? `${p.pay_method}：${p.note}` : p.pay_method, ctx),
    cancel: (db: Kysely<DB>, caller: Caller, orderNo: string, reason: string, ctx?: Ctx) => move(db, caller, orderNo, 'cancel', { cancel_reason: reason }, reason, ctx),
    receipt: (db: Kysely<DB>, caller: Caller, orderNo: string, ctx?: Ctx) => move(db, caller, orderNo, 'receipt', {}, '', ctx),

    // ---- paying online (docs/money.md, "Paying orders") ----
    payOnline: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'orderPay'>, ctx?: Ctx) => money.pay(db, caller, p, ctx),
    paymentGet: (db: Kysely<DB>, caller: Caller, no: string) => money.paymentGet(db, caller, no),
    async payOptions(db: Kysely<DB>, caller: Caller) {
      if (!mayPurchase(caller)) throw forbidden(orderText.noPurchaseRight);
      return { wallet_available_fen: await money.walletAvailable(db, caller.companyId), demo_payment: await money.isDemo(db) };
    },
    paySetting: async (db: Kysely<DB>, caller: Caller) => ({ offline_allowed: await payRepo.offlineAllowed(db, caller.companyId) }),
    async savePaySetting(db: Kysely<DB>, caller: Caller, allowed: boolean) {
      const user = await repo.userForFinance(db, caller.userId);
      if (!user || !(user.is_owner || maySell(caller) || hasAnyPermission(caller.permissions, FINANCE_CODES))) throw forbidden(orderText.paySettingRight);
      await payRepo.saveOfflineAllowed(db, caller.companyId, allowed, caller.userId, clock.now());
      return { offline_allowed: allowed };
    },

    /**
     * Orders shipped `order_auto_receipt_days` ago and still not confirmed count as received (an
     * online-paid one completes and is paid out), each in its own transaction; the event names
     * the buyer who placed it. Run by the sweep with the app's clock.
     */
    async autoReceive(db: Kysely<DB>, now: Date, limit = 500) {
      const days = await money.autoReceiptDays(db);
      const due = await payRepo.shippedBefore(db, new Date(now.getTime() - days * 86_400_000), limit);
      let n = 0;
      for (const d of due) {
        const moved = await inTransaction(db, async (trx) => {
          const o = await repo.lockOrder(trx, d.order_no);
          if (!o || o.status !== 'shipped') return false;
          const step = orderTransition({ status: o.status, payStatus: o.pay_status }, 'receipt');
          if (!step.ok) return false;
          const full = (await repo.orderByNo(trx, d.order_no))!;
          await repo.setOrder(trx, o.id, { status: step.to.status, received_at: now, ...(step.to.status === 'completed' ? { completed_at: now } : {}) });
          await repo.addEvent(trx, { order_id: o.id, action: 'receipt', actor_user_id: full.buyer_user_id, from_status: o.status, to_status: step.to.status, note: `发货${days}天后自动确认收货`, created_at: now });
          await enqueueOrderEvent(trx, 'order.received', full, now);
          if (step.to.status === 'completed') await money.payout(trx, o.id, null);
          if (step.to.status === 'completed') await earnOnOrderCompleted(trx, o.id, now, null);
          return true;
        });
        if (moved) n += 1;
      }
      return n;
    },

    /** 我的财务: each part only for those who may see it; the figures are the database's sums. */
    async finance(db: Kysely<DB>, caller: Caller): Promise<Finance> {
      const accountant = hasAnyPermission(caller.permissions, FINANCE_CODES);
      const side = async (s: 'buyer' | 'seller') => {
        const [m, as] = await Promise.all([repo.moneyOf(db, s, caller.companyId), repo.afterSaleMoneyOf(db, s, caller.companyId)]);
        return {
          pending_fen: Number(m.pending_fen), open_fen: Number(m.open_fen), paid_fen: Number(m.paid_fen), order_count: m.order_count,
          aftersale_refunded_fen: Number(as.refunded_fen), aftersale_deducted_fen: Number(as.deducted_fen),
        };
      };
      const user = await repo.userForFinance(db, caller.userId);
      const seesPackages = !!user && mayBuyPackage({ is_owner: user.is_owner, permissions: caller.permissions });
      return {
        company_name: await repo.companyName(db, caller.companyId),
        purchase: accountant || mayPurchase(caller) ? await side('buyer') : null,
        sales: accountant || maySell(caller) ? await side('seller') : null,
        packages: seesPackages ? await membership.companyPayments(db, caller.companyId) : null,
      };
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;

// ---- a read for invoices (modules/invoice; docs/money.md#invoices) ----

/**
 * A buyer company's paid orders that are received or completed (optionally only of one seller, or
 * only these numbers, whatever their state), newest first, each with what the buyer paid less
 * what was refunded (paidLessRefunds above) as invoiceable_fen, and the total less that as
 * refunded_fen. `lock` reads the orders FOR SHARE, so a payment or refund of them waits until the
 * caller's transaction ends.
 */
export const ordersForInvoice = async (db: Kysely<DB>, f: { buyerCompanyId: number; sellerCompanyId?: number; orderNos?: string[]; lock?: boolean; limit?: number }) => {
  let q = db.selectFrom('goods_order as o').innerJoin('company as sc', 'sc.id', 'o.seller_company_id')
    .select(['o.id', 'o.order_no', 'o.status', 'o.pay_status', 'o.buyer_company_id', 'o.seller_company_id', 'sc.name as seller_company_name',
      'o.total_fen', 'o.created_at', 'o.completed_at', 'o.received_at'])
    .where('o.buyer_company_id', '=', f.buyerCompanyId);
  if (f.sellerCompanyId !== undefined) q = q.where('o.seller_company_id', '=', f.sellerCompanyId);
  if (f.orderNos) {
    if (f.orderNos.length === 0) return [];
    q = q.where('o.order_no', 'in', f.orderNos);
  } else {
    q = q.where('o.pay_status', '=', 'paid').where('o.status', 'in', ['received', 'completed']);
  }
  q = q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(f.limit ?? 1000);
  const rows = await (f.lock ? q.forShare('o') : q).execute();
  if (rows.length === 0) return [];
  const paid = await paidLessRefunds(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const invoiceable_fen = Math.max(0, paid.get(String(r.id))?.fen ?? 0);
    return { ...r, id: String(r.id), total_fen: Number(r.total_fen), refunded_fen: Math.max(0, Number(r.total_fen) - invoiceable_fen), invoiceable_fen };
  });
};
export type OrderForInvoice = Awaited<ReturnType<typeof ordersForInvoice>>[number];

// ---- reads for the open platform's order calls (modules/open-partner; docs/open-platform.md, "Partner calls") ----

/**
 * A page of one side's orders of a company that changed since `sinceUs`, after the cursor position,
 * in (changed_at, id) order (orders.repo.changedOrders), as the lists show them plus the waybill
 * and the exact position (changed_us) for the next cursor.
 */
export const changedOrdersPage = async (db: Kysely<DB>, f: Parameters<typeof repo.changedOrders>[1]) =>
  (await repo.changedOrders(db, f)).map((o) => ({
    ...summary(o, { companyId: f.companyId } as Caller), logistics_company: o.logistics_company ?? '', logistics_no: o.logistics_no ?? '',
    changed_at: unix(o.changed_us === null ? null : new Date(Math.floor(Number(o.changed_us) / 1000))), changed_us: o.changed_us, id: Number(o.id),
  }));

/** The two sides of an order (buyer and seller company), if it exists. */
export const orderSides = (db: Kysely<DB>, orderNo: string) => repo.sidesOf(db, orderNo);

// ---- reads for the search pages (modules/search; docs/search.md, "Purchase history") ----

/** A page of a buyer company's purchase lines (orders not cancelled or rejected), newest first. */
export const purchaseLinesPage = (db: Kysely<DB>, f: repo.PurchaseFilter, offset: number, limit: number) => repo.purchaseLines(db, f, offset, limit);

/** What a buyer company bought of a number (prefix) or a name, per number and seller (我的库存与曾采购). */
export const purchasedParts = (db: Kysely<DB>, buyerCompanyId: number, oePrefix: string, name: string, limit: number) =>
  repo.purchasedParts(db, buyerCompanyId, oePrefix, name, limit);

/** Whether the caller holds the purchase side's codes (the purchase history is theirs to read). */
export const mayReadPurchases = (caller: Caller) => mayPurchase(caller);

// ---- a head company's read of its branches' orders (modules/customer/branch.service; docs/customers.md "Branch companies") ----

/** A page of the orders of these companies (either side), with the 账期 due date and whether it is overdue on `today`. */
export const ordersOfCompaniesPage = async (db: Kysely<DB>, f: Parameters<typeof repo.ordersOfCompanies>[1] & { today: string }) => {
  const { rows, total } = await repo.ordersOfCompanies(db, f);
  return {
    total,
    rows: rows.map((o) => ({
      ...o, total_fen: Number(o.total_fen), deducted_fen: Number(o.deducted_fen), first_line: o.first_line ?? '', created_at: unix(o.created_at),
      credit_due_date: o.credit_due_day, credit_overdue: o.pay_status === 'unpaid' && !['cancelled', 'rejected'].includes(o.status) && creditOverdue(o.credit_due_day, f.today),
    })),
  };
};
