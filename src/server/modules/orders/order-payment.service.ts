/**
 * Paying goods orders online, paying sellers out, and refunds with real money (docs/money.md,
 * "Paying orders"). Every movement is one ledger posting under a key that makes it happen once,
 * and the order's change commits with it; orders are locked in ascending id order first.
 *
 * - Pay: the buyer pays one or several unpaid orders of its own company in one payment (OP…):
 *   from the wallet (wallet → platform clearing, the orders 已付款 at once), or through the
 *   provider (a pending payment; the verified notice moves provider → clearing and marks the
 *   orders paid). An order that can no longer be paid when the provider's notice arrives (paid in
 *   another tab, cancelled) gets its share refunded to the provider at once.
 * - Payout: when an online-paid order is received, what was paid less refunds moves from
 *   clearing to the seller's wallet, less the platform fee (system parameter order_fee_rate_bp).
 * - Refund: to where the money came from; from clearing before the payout, from the seller's
 *   wallet after it (余额不足 if the seller cannot cover it). A provider refund is asked of the
 *   provider after the commit and retried by the sweep until it is done.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { orderText, ResultCode, type CheckoutDevice } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import {
  AUTO_RECEIPT_DAYS_DEFAULT, orderTransition, paidOnline, PAY_CHANNEL_TEXT, PURCHASE_ORDER_CODES, SALES_ORDER_CODES, type OnlinePayMethod,
} from '../../../shared/domain/orders';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import type { LedgerService } from '../ledger/ledger.service';
import type { AccountRef } from '../ledger/ledger.service';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import * as repo from './order-payment.repo';
import { addEvent } from './orders.repo';
import { enqueueOrderEvent } from '../webhook/webhook.service';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { orderPaidOnlineNotice } from '../im/notices';
import { applyCheckedNotice } from '../payment/payment.notice-check';
import { earnOnOrderCompleted, reverseOnRefund } from '../points/points.service';
import { payVoucherSubsidy } from '../voucher/voucher.service';

type Ctx = Pick<RequestContext, 'afterCommit'>;
type OnlineChannel = 'wallet' | 'provider' | 'vnd_wallet';

export const PAYMENT_NO = /^OP\d{20}$/;
const stampNo = (prefix: 'OP' | 'RF', now: Date) => `${prefix}${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const paymentNotFound = () => new AppError(ResultCode.notFound, 404, orderText.paymentNotFound);
/** Where the payer lands after the provider's page: the order (one) or the payment page (several). */
export const paymentReturnUrl = (no: string, orderNos: readonly string[]) =>
  orderNos.length === 1 ? `/backend/order/detail/${orderNos[0]}?payment=${no}` : `/ofo/purchase/payment?payment=${no}`;

const CLEARING: AccountRef = { kind: 'platform_clearing' };
const online = (o: { pay_channel: string | null }) => paidOnline(o.pay_channel);
const FX_CNY: AccountRef = { kind: 'fx', currency: 'CNY' };
const FX_VND: AccountRef = { kind: 'fx', currency: 'VND' };

/**
 * The dong side of a refund of an order paid from the dong wallet (docs/money.md "Paying a mall
 * order in dong"), answered by the Vietnam mall, which keeps the payment's dong and rate: the goods
 * dong going back, the service charge going back with a whole refund (cancel, reject) in fen and
 * dong, the payment's rate, and `record`, which writes the mall's refund row once the ledger posted.
 */
export interface DongRefund {
  goods_dong: number; service_fen: number; service_dong: number; rate_micro: number;
  record: (trx: Kysely<DB>, v: { refund_no: string; transaction_id: number; at: Date }) => Promise<void>;
}
type DongRefunder = (trx: Kysely<DB>, o: { id: string; paid_fen: number; refunded_fen: number }, amountFen: number, whole: boolean) => Promise<DongRefund>;
let dongRefunder: DongRefunder | null = null;
/** The Vietnam mall registers how a dong-paid order's refund goes back in dong (it imports this module, not the other way). */
export const onDongRefund = (fn: DongRefunder) => { dongRefunder = fn; };
/** What the order asks for now: its total less 冲减货款. */
const dueOf = (o: repo.MoneyRow) => Number(o.total_fen) - Number(o.deducted_fen);

export interface OrderMoneyDeps {
  clock: Clock;
  ledger: LedgerService;
  providers: PaymentProviders;
  /** the database outside any request transaction: provider refunds are asked after the commit */
  db: Kysely<DB>;
  log?: (level: 'info' | 'warn', text: string, detail?: unknown) => void;
  /** the message assistant: the seller hears that an order was paid online, in the payment's transaction */
  notices?: Pick<ImService, 'postNotice'>;
}

export const createOrderMoney = ({ clock, ledger, providers, db: rootDb, log, notices }: OrderMoneyDeps) => {
  const feeRateBp = async (db: Kysely<DB>) => {
    const n = Number((await repo.param(db, 'order_fee_rate_bp')) ?? '0');
    return Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : 0;
  };
  const autoReceiptDays = async (db: Kysely<DB>) => {
    const n = Number((await repo.param(db, 'order_auto_receipt_days')) ?? AUTO_RECEIPT_DAYS_DEFAULT);
    return Number.isInteger(n) && n >= 1 ? n : AUTO_RECEIPT_DAYS_DEFAULT;
  };

  /** Pays the seller out, once: clearing → seller's wallet (less the fee → fee income). The order is locked by the caller. */
  const payout = async (trx: Kysely<DB>, orderId: string, createdBy: number | null) => {
    const o = await repo.lockOrderById(trx, orderId);
    // a platform voucher is paid to the seller as the order completes, however it was paid (docs/vouchers.md)
    if (o) await payVoucherSubsidy(trx, ledger, o, createdBy);
    if (!o || !online(o) || o.pay_status !== 'paid' || o.paid_out_at) return;
    const amount = Number(o.paid_fen) - Number(o.refunded_fen);
    const fee = Math.min(amount, Math.floor((amount * (await feeRateBp(trx))) / 10_000));
    if (amount > 0) {
      const lines: Array<{ account: AccountRef; amount_fen: number }> = [{ account: CLEARING, amount_fen: -amount }];
      if (amount - fee > 0) lines.push({ account: { kind: 'wallet_available', company_id: o.seller_company_id }, amount_fen: amount - fee });
      if (fee > 0) lines.push({ account: { kind: 'fee_income' }, amount_fen: fee });
      await ledger.post(trx, { kind: 'order_payout', reference: o.order_no, idempotency_key: `order_payout:${o.order_no}`, created_by: createdBy, lines });
    }
    await repo.markPaidOut(trx, o.id, { paid_out_at: clock.now(), payout_fen: amount - fee, payout_fee_fen: fee });
  };

  /**
   * Refunds `amount` of a locked, paid order to where it came from (docs/money.md, "Refunds"); the
   * order's refunded_fen rises in the same transaction. Returns the refund number when a provider
   * still has to be asked (after the commit), else null.
   */
  const refund = async (trx: Kysely<DB>, orderId: string, amount: number, opts: { key: string; afterSaleId: string | null; createdBy: number | null }) => {
    const o = await repo.lockOrderById(trx, orderId);
    if (!o || o.pay_status !== 'paid') return null;
    const left = Number(o.paid_fen) - Number(o.refunded_fen);
    if (amount > left) throw conflict(orderText.refundOverPaid(left));
    if (amount <= 0) return null;
    const now = clock.now();
    const refundNo = stampNo('RF', now);
    if (!online(o)) {
      // paid offline: the refund is paid offline too and only recorded
      await repo.insertRefund(trx, {
        refund_no: refundNo, order_id: o.id, after_sale_id: opts.afterSaleId, amount_fen: amount, source: 'offline', destination: 'offline',
        provider: null, trade_no: null, payment_no: null, state: 'done', ledger_transaction_id: null, created_at: now, done_at: now,
      });
      await repo.addRefunded(trx, o.id, amount);
      await reverseOnRefund(trx, o.id, opts.key, now, opts.createdBy);
      return null;
    }
    const pay = await repo.paymentNoOf(trx, o.payment_id);
    const source = o.paid_out_at ? 'seller_wallet' as const : 'clearing' as const;
    const from: AccountRef = source === 'clearing' ? CLEARING : { kind: 'wallet_available', company_id: o.seller_company_id };
    if (o.pay_channel === 'vnd_wallet') {
      // paid in dong: the fen go back into fx CNY, the dong out of fx VND into the buyer's dong wallet, at the payment's rate
      if (!dongRefunder) throw new Error('no dong refunder registered');
      const d = await dongRefunder(trx, { id: o.id, paid_fen: Number(o.paid_fen), refunded_fen: Number(o.refunded_fen) }, amount, opts.afterSaleId === null);
      const dong = d.goods_dong + d.service_dong;
      const lines: Array<{ account: AccountRef; amount_fen: number }> = [{ account: from, amount_fen: -amount }, { account: FX_CNY, amount_fen: amount + d.service_fen }];
      if (d.service_fen > 0) lines.push({ account: { kind: 'fee_income' }, amount_fen: -d.service_fen });
      if (dong > 0) lines.push({ account: FX_VND, amount_fen: -dong }, { account: { kind: 'vnd_wallet', company_id: o.buyer_company_id }, amount_fen: dong });
      const posted = await ledger.post(trx, {
        kind: 'vnd_order_refund', reference: o.order_no, idempotency_key: `order_refund:${opts.key}`, created_by: opts.createdBy, lines, fx_rate_micro: d.rate_micro,
      });
      if (posted.replayed) return null;
      await repo.insertRefund(trx, {
        refund_no: refundNo, order_id: o.id, after_sale_id: opts.afterSaleId, amount_fen: amount, source, destination: 'vnd_wallet',
        provider: null, trade_no: null, payment_no: pay?.payment_no ?? null, state: 'done', ledger_transaction_id: posted.transaction_id, created_at: now, done_at: now,
      });
      await d.record(trx, { refund_no: refundNo, transaction_id: posted.transaction_id, at: now });
      await repo.addRefunded(trx, o.id, amount);
      await reverseOnRefund(trx, o.id, opts.key, now, opts.createdBy);
      return null;
    }
    const toProvider = o.pay_channel === 'provider';
    const to: AccountRef = toProvider ? { kind: 'provider', provider: pay!.provider! } : { kind: 'wallet_available', company_id: o.buyer_company_id };
    const posted = await ledger.post(trx, {
      kind: 'order_refund', reference: o.order_no, idempotency_key: `order_refund:${opts.key}`, created_by: opts.createdBy,
      lines: [{ account: from, amount_fen: -amount }, { account: to, amount_fen: amount }],
    });
    if (posted.replayed) return null;
    await repo.insertRefund(trx, {
      refund_no: refundNo, order_id: o.id, after_sale_id: opts.afterSaleId, amount_fen: amount, source, destination: toProvider ? 'provider' : 'wallet',
      provider: toProvider ? pay!.provider : null, trade_no: toProvider ? pay!.trade_no : null, payment_no: pay?.payment_no ?? null,
      state: toProvider ? 'pending' : 'done', ledger_transaction_id: posted.transaction_id, created_at: now, done_at: toProvider ? null : now,
    });
    await repo.addRefunded(trx, o.id, amount);
    await reverseOnRefund(trx, o.id, opts.key, now, opts.createdBy);
    return toProvider ? refundNo : null;
  };

  /** Asks the providers for refunds still pending (these, or all); a failure stays pending for the next sweep. */
  const settleRefunds = async (db: Kysely<DB>, refundNos?: readonly string[]) => {
    let done = 0;
    for (const r of await repo.pendingRefunds(db, refundNos)) {
      const provider = r.provider ? providers.byName(r.provider) : undefined;
      if (!provider || typeof provider.refund !== 'function' || !r.payment_no) continue;
      try {
        await provider.refund(db, { order_no: r.payment_no, trade_no: r.trade_no ?? '', refund_no: r.refund_no, amount_fen: Number(r.amount_fen), reason: '订单退款' });
        await repo.markRefundDone(db, r.id, clock.now());
        done += 1;
      } catch (e) {
        log?.('warn', `provider refund ${r.refund_no} failed; retried by the sweep`, e);
      }
    }
    return done;
  };

  /** Runs the provider refunds after the call commits (or now, outside a transaction). */
  const afterRefunds = (db: Kysely<DB>, refundNos: string[], ctx?: Ctx) => {
    if (refundNos.length === 0) return Promise.resolve();
    if (ctx?.afterCommit) {
      ctx.afterCommit(() => { void settleRefunds(rootDb, refundNos); });
      return Promise.resolve();
    }
    return db.isTransaction ? Promise.resolve() : settleRefunds(db, refundNos).then(() => undefined);
  };

  /** Marks one locked order paid by a payment and tells its seller (with a ctx); completes and pays out a received one. */
  const markPaid = async (trx: Kysely<DB>, o: repo.MoneyRow, amount: number, channel: OnlineChannel, paymentId: string, paymentNo: string, userId: number, ctx?: Ctx, payNote?: string) => {
    const step = orderTransition({ status: o.status, payStatus: o.pay_status }, 'pay_online');
    if (!step.ok) throw conflict(step.reason);
    const now = clock.now();
    await repo.markOrderPaid(trx, o.id, {
      status: step.to.status, pay_method: PAY_CHANNEL_TEXT[channel], pay_channel: channel, payment_id: paymentId, paid_fen: amount, paid_at: now, ...(payNote ? { pay_note: payNote } : {}),
      ...(step.to.status === 'completed' ? { completed_at: now } : {}),
    });
    await addEvent(trx, { order_id: o.id, action: 'pay_online', actor_user_id: userId, from_status: o.status, to_status: step.to.status, note: `${PAY_CHANNEL_TEXT[channel]} ${paymentNo}${payNote ? `（${payNote}）` : ''}`, created_at: now });
    await enqueueOrderEvent(trx, 'order.paid', o, now);
    if (step.to.status === 'completed') await payout(trx, o.id, null);
    if (step.to.status === 'completed') await earnOnOrderCompleted(trx, o.id, now, userId);
    if (notices && ctx) {
      const buyer = await trx.selectFrom('company').select('name').where('id', '=', o.buyer_company_id).executeTakeFirst();
      await notices.postNotice(trx, {
        to: await imRead.usersWithCodes(trx, o.seller_company_id, SALES_ORDER_CODES),
        ...orderPaidOnlineNotice({ order_no: o.order_no, payment_no: paymentNo, buyer_company_name: buyer?.name ?? '', amount_fen: amount, pay_method: PAY_CHANNEL_TEXT[channel] }),
      }, ctx);
    }
  };

  /** The orders locked, each the caller's company's and payable now, with what each asks for; or a refusal that changes nothing. */
  const payable = async (trx: Kysely<DB>, caller: Caller, orderNos: readonly string[], rightChecked = false) => {
    if (!rightChecked && !hasAnyPermission(caller.permissions, PURCHASE_ORDER_CODES)) throw forbidden(orderText.noPurchaseRight);
    const rows = await repo.lockOrdersByNo(trx, orderNos);
    const missing = orderNos.find((no) => !rows.some((r) => r.order_no === no));
    if (missing) throw new AppError(ResultCode.notFound, 404, `${orderText.notFound}：${missing}`);
    if (new Set(rows.map((r) => r.buyer_company_id)).size > 1) throw conflict(orderText.payMixedBuyers);
    if (rows[0].buyer_company_id !== caller.companyId) throw forbidden(orderText.payOtherCompany);
    for (const r of rows) {
      const step = orderTransition({ status: r.status, payStatus: r.pay_status }, 'pay_online');
      if (!step.ok) throw conflict(`${step.reason}：${r.order_no}`);
      if (dueOf(r) <= 0) throw conflict(`${orderText.nothingDue}：${r.order_no}`);
    }
    return rows.map((r) => ({ row: r, amount: dueOf(r) }));
  };

  const paymentAnswer = async (db: Kysely<DB>, no: string) => {
    const p = await repo.paymentByNo(db, no);
    if (!p) throw paymentNotFound();
    const orders = await repo.ordersOfPayment(db, p.id);
    return {
      payment_no: p.payment_no, method: p.method, state: p.state, amount_fen: Number(p.amount_fen), created_at: unix(p.created_at), paid_at: unix(p.paid_at),
      orders: orders.map((o) => ({
        order_no: o.order_no, seller_company_name: o.seller_company_name, amount_fen: Number(o.amount_fen),
        // paid by this payment, or (a provider payment for an order paid meanwhile) refunded to the provider
        paid: o.pay_status === 'paid' && String(o.payment_id) === String(p.id),
      })),
      return_url: paymentReturnUrl(p.payment_no, orders.map((o) => o.order_no)),
    };
  };

  /** Applies a verified provider notice to a payment, once: the ledger, the payment and its orders commit together. */
  const applyNotice = async (db: Kysely<DB>, providerName: string, notice: PaymentNotice, ctx?: Ctx) => {
    const refunds = (await applyCheckedNotice(db, providerName, notice, {
      find: repo.paymentByNo, notFound: paymentNotFound,
      text: { providerMismatch: orderText.payProviderMismatch, amountMismatch: orderText.payAmountMismatch, cancelled: orderText.paymentCancelled },
      lock: async (trx) => (await repo.lockPayment(trx, notice.order_no))!,
      cancel: (trx, p) => repo.markPaymentCancelled(trx, p.id, clock.now()).then(() => undefined),
      // provider → clearing, the payment and each order still payable marked paid; the others' shares go back to the provider
      async pay(trx, p): Promise<string[]> {
        const shares = await repo.ordersOfPayment(trx, p.id);
        const rows = await repo.lockOrdersByNo(trx, shares.map((s) => s.order_no));
        const posted = await ledger.post(trx, {
          kind: 'order_payment', reference: p.payment_no, idempotency_key: `order_payment:${p.payment_no}`, created_by: null,
          lines: [{ account: { kind: 'provider', provider: providerName }, amount_fen: -Number(p.amount_fen) }, { account: CLEARING, amount_fen: Number(p.amount_fen) }],
        });
        await repo.markPaymentPaid(trx, p.id, { trade_no: notice.trade_no, ledger_transaction_id: posted.transaction_id, paid_at: clock.now() });
        const pending: string[] = [];
        for (const o of rows) {
          const share = Number(shares.find((s) => s.order_no === o.order_no)!.amount_fen);
          const still = orderTransition({ status: o.status, payStatus: o.pay_status }, 'pay_online').ok && dueOf(o) === share;
          if (still) {
            await markPaid(trx, o, share, 'provider', p.id, p.payment_no, p.user_id, ctx);
            continue;
          }
          // paid meanwhile (another tab), cancelled or changed: its share goes back to the provider
          const t = await ledger.post(trx, {
            kind: 'order_refund', reference: o.order_no, idempotency_key: `order_refund:payment:${p.payment_no}:${o.order_no}`, created_by: null,
            lines: [{ account: CLEARING, amount_fen: -share }, { account: { kind: 'provider', provider: providerName }, amount_fen: share }],
          });
          const refundNo = stampNo('RF', clock.now());
          await repo.insertRefund(trx, {
            refund_no: refundNo, order_id: o.id, after_sale_id: null, amount_fen: share, source: 'clearing', destination: 'provider', provider: providerName,
            trade_no: notice.trade_no, payment_no: p.payment_no, state: 'pending', ledger_transaction_id: t.transaction_id, created_at: clock.now(), done_at: null,
          });
          pending.push(refundNo);
        }
        return pending;
      },
    })) ?? [];
    await afterRefunds(db, refunds, ctx);
    return paymentAnswer(db, notice.order_no);
  };

  const purpose: PaymentPurpose = {
    owns: (no) => PAYMENT_NO.test(no),
    async forCheckout(db, caller, no) {
      const p = await repo.paymentByNo(db, no);
      if (!p) throw paymentNotFound();
      if (p.user_id !== caller.userId) throw forbidden(orderText.payNotPayer);
      const name = await db.selectFrom('company').select('name').where('id', '=', p.buyer_company_id).executeTakeFirst();
      return { company_name: name?.name ?? '', state: p.state, return_url: (await paymentAnswer(db, no)).return_url };
    },
    async applyNotice(db, providerName, notice, ctx) {
      const a = await applyNotice(db, providerName, notice, ctx);
      return { order_no: a.payment_no, state: a.state, return_url: a.return_url };
    },
    async unfinished(db, before) {
      return (await repo.pendingPayments(db, before)).map((p) => ({ order_no: p.payment_no, provider: p.provider!, amount_fen: Number(p.amount_fen), started_at: new Date(p.created_at) }));
    },
  };

  return {
    purpose,
    payout,
    refund,
    settleRefunds,
    afterRefunds,
    autoReceiptDays,
    applyNotice,
    paymentAnswer,

    /** One payment of one or several orders: from the wallet now, or a provider checkout. */
    async pay(db: Kysely<DB>, caller: Caller, p: { order_nos: string[]; method: OnlinePayMethod; device?: CheckoutDevice }, ctx?: Ctx) {
      const nos = [...new Set(p.order_nos)];
      const now = clock.now();
      const no = stampNo('OP', now);
      if (p.method === 'wallet') {
        await inTransaction(db, async (trx) => {
          const orders = await payable(trx, caller, nos);
          const total = orders.reduce((s, o) => s + o.amount, 0);
          const posted = await ledger.post(trx, {
            kind: 'order_payment', reference: no, idempotency_key: `order_payment:${no}`, created_by: caller.userId,
            lines: [{ account: { kind: 'wallet_available', company_id: caller.companyId }, amount_fen: -total }, { account: CLEARING, amount_fen: total }],
          });
          const id = await repo.insertPayment(trx, {
            payment_no: no, buyer_company_id: caller.companyId, user_id: caller.userId, amount_fen: total, method: 'wallet', state: 'paid', provider: null,
            ledger_transaction_id: posted.transaction_id, created_at: now, paid_at: now,
          }, orders.map((o) => ({ order_id: o.row.id, amount_fen: o.amount })));
          for (const o of orders) await markPaid(trx, o.row, o.amount, 'wallet', id, no, caller.userId, ctx);
        });
        return { ...(await paymentAnswer(db, no)), checkout_url: '' };
      }
      const provider = await providers.configured(db);
      const orders = await inTransaction(db, async (trx) => {
        const rows = await payable(trx, caller, nos);
        const total = rows.reduce((s, o) => s + o.amount, 0);
        await repo.insertPayment(trx, {
          payment_no: no, buyer_company_id: caller.companyId, user_id: caller.userId, amount_fen: total, method: 'provider', state: 'pending', provider: provider.name,
          ledger_transaction_id: null, created_at: now, paid_at: null,
        }, rows.map((o) => ({ order_id: o.row.id, amount_fen: o.amount })));
        return rows;
      });
      const total = orders.reduce((s, o) => s + o.amount, 0);
      const { checkout_url } = await provider.startCheckout(db, { order_no: no, amount_fen: total, subject: `汽配汇订单付款（${orders.length}个订单）`, device: p.device });
      return { ...(await paymentAnswer(db, no)), checkout_url };
    },

    /**
     * Paying one order of the caller's company from its dong wallet (docs/money.md "Paying a mall
     * order in dong"), inside the caller's transaction; the caller decided who may (the dong
     * wallet's holders). `price` turns the locked order's amount due into the dong and fen moved;
     * the order is paid its amount due in fen, as a wallet payment, and goes on as any order paid
     * online. A refusal (another company, paid already, cancelled, 余额不足) changes nothing.
     */
    async payFromDong(trx: Kysely<DB>, caller: Caller, orderNo: string,
      price: (o: repo.MoneyRow, dueFen: number) => Promise<{ dong: number; service_fen: number; rate_micro: number; note: string }>, ctx?: Ctx) {
      const [o] = await payable(trx, caller, [orderNo], true);
      const m = await price(o.row, o.amount);
      const now = clock.now();
      const no = stampNo('OP', now);
      const lines: Array<{ account: AccountRef; amount_fen: number }> = [
        { account: { kind: 'vnd_wallet', company_id: caller.companyId }, amount_fen: -m.dong },
        { account: FX_VND, amount_fen: m.dong },
        { account: FX_CNY, amount_fen: -(o.amount + m.service_fen) },
        { account: CLEARING, amount_fen: o.amount },
      ];
      if (m.service_fen > 0) lines.push({ account: { kind: 'fee_income' }, amount_fen: m.service_fen });
      const posted = await ledger.post(trx, {
        kind: 'vnd_order_payment', reference: no, idempotency_key: `vnd_order_payment:${o.row.order_no}`, created_by: caller.userId, lines, fx_rate_micro: m.rate_micro,
      });
      const id = await repo.insertPayment(trx, {
        payment_no: no, buyer_company_id: caller.companyId, user_id: caller.userId, amount_fen: o.amount, method: 'vnd_wallet', state: 'paid', provider: null,
        ledger_transaction_id: posted.transaction_id, created_at: now, paid_at: now,
      }, [{ order_id: o.row.id, amount_fen: o.amount }]);
      await markPaid(trx, o.row, o.amount, 'vnd_wallet', id, no, caller.userId, ctx, m.note);
      return { payment_no: no, order_id: o.row.id, paid_fen: o.amount, paid_at: now };
    },

    /** A payment of the caller's company (the page after the provider's checkout). */
    async paymentGet(db: Kysely<DB>, caller: Caller, no: string) {
      const p = await repo.paymentByNo(db, no);
      if (!p) throw paymentNotFound();
      if (p.buyer_company_id !== caller.companyId) throw forbidden(orderText.otherCompany);
      return { ...(await paymentAnswer(db, no)), checkout_url: '' };
    },

    isDemo: (db: Kysely<DB>) => providers.isDemo(db),
    async walletAvailable(db: Kysely<DB>, companyId: number) {
      return (await ledger.wallet(db, companyId)).available_fen;
    },
    offlineAllowed: repo.offlineAllowed,
    saveOfflineAllowed: repo.saveOfflineAllowed,
    /** The refund numbers each after-sale's completion made (the Vietnam mall reads its dong refunds by them). */
    async afterSaleRefunds(db: Kysely<DB>, afterSaleIds: readonly number[]) {
      return (await repo.refundNosOfAfterSales(db, afterSaleIds.map(String))).map((r) => ({ after_sale_id: Number(r.after_sale_id), refund_no: r.refund_no }));
    },
  };
};

export type OrderMoney = ReturnType<typeof createOrderMoney>;
