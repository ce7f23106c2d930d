/**
 * Membership packages and their orders. Only the company's owner or a user with an accounting
 * code may buy, for their own company. A verified payment notice raises the company's level and
 * expiry and marks the order paid in one transaction; the order row is locked first, so a notice
 * that arrives twice, or twice at once, takes effect exactly once.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { ResultCode, type CheckoutDevice, type PackageOrder } from '../../../shared/contracts';
import { msg, membershipMsg } from '../../../shared/messages';
import { extendedExpiry, mayBuyPackage, orderTransition, type OrderEvent } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import { FINANCE_CODES } from '../../../shared/domain/orders';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { packagePaidNotice } from '../im/notices';
import * as repo from './membership.repo';
import { inTransaction, unix } from '../../db/helpers';
import { normalizePromotionCode, promotionDiscount, promotionRefusal, promotionText } from '../../../shared/domain/promotion';
import { chinaDay } from '../../../shared/domain/china-time';

const conflict = (text: string) => new AppError(ResultCode.conflict, 409, text);
const notFound = () => new AppError(ResultCode.notFound, 404, membershipMsg.orderNotFound);

/** PK + China time to the second + 6 random digits: readable on a receipt, unique in practice (and by constraint). */
const newOrderNo = (now: Date) => `PK${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const toAnswer = (o: NonNullable<Awaited<ReturnType<typeof repo.orderByNo>>>): PackageOrder => ({
  order_no: o.order_no, company_id: o.company_id, company_name: o.company_name, level_id: o.level_id, level_name: o.level_name,
  amount_fen: o.amount_fen, discount_fen: o.discount_fen, promotion_code: o.promotion_code ?? '', promotion_name: o.promotion_name ?? '',
  duration_months: o.duration_months, state: o.state,
  created_at: unix(o.created_at), paid_at: unix(o.paid_at), level_end_after: unix(o.level_end_after),
});

type Ctx = Pick<RequestContext, 'afterCommit'>;

/** notices: the message assistant tells the payer, the owners and the accountants that a package was paid (requirements 001-9) */
export const createMembershipService = (clock: Clock, providers: PaymentProviders, notices?: Pick<ImService, 'postNotice'>) => {
  const buyer = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userForBuying(db, caller.userId);
    if (!u || !u.active || !mayBuyPackage(u)) throw forbidden(membershipMsg.mayNotBuy);
    return u;
  };

  /** The caller's own company's order; another company's is refused as such, not hidden. */
  const ownOrder = async (db: Kysely<DB>, caller: Caller, orderNo: string) => {
    const o = await repo.orderByNo(db, orderNo);
    if (!o) throw notFound();
    if (o.company_id !== caller.companyId) throw forbidden(msg.otherCompany);
    return o;
  };

  const reread = async (db: Kysely<DB>, orderNo: string) => toAnswer((await repo.orderByNo(db, orderNo))!);

  /** Applies pay or cancel to a locked order; the payment raises the company in the same transaction. */
  const transition = async (trx: Kysely<DB>, orderNo: string, event: OrderEvent, tradeNo?: string, ctx?: Ctx) => {
    const locked = await repo.lockOrder(trx, orderNo);
    if (!locked) throw notFound();
    const step = orderTransition(locked.state, event);
    if (step.kind === 'refuse') throw conflict(locked.state === 'paid' ? membershipMsg.orderAlreadyPaid : membershipMsg.cannotPayCancelled);
    if (step.kind === 'already') return;
    const now = clock.now();
    if (step.to === 'cancelled') {
      await trx.updateTable('package_order').set({ state: 'cancelled', cancelled_at: now }).where('id', '=', locked.id).execute();
      return;
    }
    const order = (await trx.selectFrom('package_order').select(['company_id', 'level_id', 'duration_months', 'user_id', 'level_name', 'amount_fen']).where('id', '=', locked.id).executeTakeFirst())!;
    const company = await repo.lockCompanyLevel(trx, order.company_id);
    const level = await repo.levelById(trx, order.level_id);
    if (!company || !level) throw notFound();
    const before = company.level_end_at ? new Date(company.level_end_at) : null;
    const after = extendedExpiry({ level_type: company.level_type, end: before }, order.duration_months, now);
    const vinEnd = company.vin_end_at && new Date(company.vin_end_at) > after ? new Date(company.vin_end_at) : after;
    await trx.updateTable('company')
      .set({ level_id: level.id, level_end_at: after, ...(level.vin_type === 'date' ? { vin_end_at: vinEnd } : {}) })
      .where('id', '=', company.id).execute();
    await trx.updateTable('package_order')
      .set({ state: 'paid', paid_at: now, trade_no: tradeNo ?? null, level_end_before: before, level_end_after: after })
      .where('id', '=', locked.id).execute();
    if (notices && ctx) {
      const to = [order.user_id, ...(await imRead.usersWithCodes(trx, order.company_id, FINANCE_CODES))];
      await notices.postNotice(trx, { to, ...packagePaidNotice({ order_no: orderNo, level_name: order.level_name, amount_fen: order.amount_fen, level_end: after }) }, ctx);
    }
  };

  return {
    async packages(db: Kysely<DB>, caller: Caller) {
      const [rows, u, demo] = await Promise.all([repo.packages(db), repo.userForBuying(db, caller.userId), providers.isDemo(db)]);
      return {
        packages: rows.map((r) => ({ ...r, price_fen: r.price_fen!, duration_months: r.duration_months! })),
        may_buy: !!u && u.active && mayBuyPackage(u),
        demo_payment: demo,
      };
    },

    /** An order for the caller's company; a pending order for the same package is reused, not duplicated. */
    async createOrder(db: Kysely<DB>, caller: Caller, levelId: number): Promise<PackageOrder> {
      await buyer(db, caller);
      const pkg = await repo.levelById(db, levelId);
      if (!pkg || pkg.level_type !== 'paid' || pkg.price_fen === null || pkg.duration_months === null) throw invalid('level_id', membershipMsg.notAPackage);
      const orderNo = await inTransaction(db, async (trx) => {
        const company = await repo.lockCompanyLevel(trx, caller.companyId);
        if (!company) throw notFound();
        if (company.level_type === 'paid' && company.level_end_at === null) throw conflict(membershipMsg.permanentLevel);
        const pending = await repo.pendingOrderFor(trx, caller.companyId, pkg.id, pkg.price_fen!, pkg.duration_months!);
        if (pending) return pending.order_no;
        const no = newOrderNo(clock.now());
        await trx.insertInto('package_order').values({
          order_no: no, company_id: caller.companyId, user_id: caller.userId, level_id: pkg.id, level_name: pkg.name,
          amount_fen: pkg.price_fen!, duration_months: pkg.duration_months!, created_at: clock.now(),
        }).execute();
        return no;
      });
      return reread(db, orderNo);
    },

    /** The caller company's package orders and what they paid (the finance page decides who may see them). */
    async companyPayments(db: Kysely<DB>, companyId: number) {
      const orders = (await repo.ordersOfCompany(db, companyId)).map((o) => ({ ...o, created_at: unix(o.created_at), paid_at: unix(o.paid_at) }));
      return { paid_fen: orders.filter((o) => o.state === 'paid').reduce((s, o) => s + o.amount_fen, 0), orders };
    },

    /**
     * A promotion code on the caller company's pending order (replacing one applied before). The
     * order is repriced from its list price, and any checkout already started is void: the order
     * forgets its provider, and a notice from that checkout (old amount, no provider) is refused.
     */
    async applyPromotion(db: Kysely<DB>, caller: Caller, orderNo: string, typed: string): Promise<PackageOrder> {
      await buyer(db, caller);
      await ownOrder(db, caller, orderNo);
      await inTransaction(db, async (trx) => {
        const order = await repo.lockOrder(trx, orderNo);
        if (!order) throw notFound();
        if (order.state !== 'pending') throw conflict(promotionText.notPending);
        const code = await repo.lockPromotion(trx, normalizePromotionCode(typed));
        if (!code) throw invalid('code', promotionText.notFound);
        const listFen = order.amount_fen + order.discount_fen;
        const [used, codeLevel] = await Promise.all([
          repo.promotionUses(trx, code.id, order.company_id, order.id),
          code.level_id === null ? null : repo.levelById(trx, code.level_id),
        ]);
        const now = clock.now();
        const refusal = promotionRefusal(
          { ...code, starts_at: unix(code.starts_at), ends_at: unix(code.ends_at) },
          { now: unix(now), level_id: order.level_id, code_level_name: codeLevel?.name ?? '', price_fen: listFen, uses: used.uses, company_used: used.company_uses > 0, start_day: chinaDay(new Date(code.starts_at)) },
        );
        if (refusal) throw invalid('code', refusal);
        const discount = promotionDiscount(code, listFen);
        await trx.updateTable('package_order')
          .set({ promotion_code_id: code.id, discount_fen: discount, amount_fen: listFen - discount, provider: null })
          .where('id', '=', order.id).execute();
      });
      return reread(db, orderNo);
    },

    /** Back to the list price; a checkout already started is void, as above. */
    async removePromotion(db: Kysely<DB>, caller: Caller, orderNo: string): Promise<PackageOrder> {
      await buyer(db, caller);
      await ownOrder(db, caller, orderNo);
      await inTransaction(db, async (trx) => {
        const order = await repo.lockOrder(trx, orderNo);
        if (!order) throw notFound();
        if (order.state !== 'pending') throw conflict(promotionText.notPending);
        if (order.discount_fen === 0) return;
        await trx.updateTable('package_order')
          .set({ promotion_code_id: null, discount_fen: 0, amount_fen: order.amount_fen + order.discount_fen, provider: null })
          .where('id', '=', order.id).execute();
      });
      return reread(db, orderNo);
    },

    async order(db: Kysely<DB>, caller: Caller, orderNo: string): Promise<PackageOrder> {
      return toAnswer(await ownOrder(db, caller, orderNo));
    },

    /** For the provider's checkout page, which a signed token (not a session) authorises. */
    /**
     * The order behind a sandbox checkout, for the person who placed it only: the sandbox takes no
     * money, so its confirmation must come from the payer's own session, never from a link alone.
     */
    async orderForCheckout(db: Kysely<DB>, caller: Caller, orderNo: string): Promise<PackageOrder> {
      if (!providers.sandboxEnabled) throw new AppError(ResultCode.notFound, 404, membershipMsg.sandboxDisabled);
      const o = await repo.orderByNo(db, orderNo);
      if (!o) throw notFound();
      if (o.user_id !== caller.userId) throw forbidden(membershipMsg.sandboxNotPayer);
      return toAnswer(o);
    },

    async cancel(db: Kysely<DB>, caller: Caller, orderNo: string): Promise<PackageOrder> {
      await buyer(db, caller);
      await ownOrder(db, caller, orderNo);
      await inTransaction(db, (trx) => transition(trx, orderNo, 'cancel'));
      return reread(db, orderNo);
    },

    /** Starts payment with the configured provider; the order remembers which provider it went to. */
    async pay(db: Kysely<DB>, caller: Caller, orderNo: string, device?: CheckoutDevice) {
      await buyer(db, caller);
      const o = await ownOrder(db, caller, orderNo);
      if (o.state === 'paid') throw conflict(membershipMsg.alreadyPaid);
      if (o.state === 'cancelled') throw conflict(membershipMsg.cannotPayCancelled);
      const provider = await providers.configured(db);
      await db.updateTable('package_order').set({ provider: provider.name }).where('order_no', '=', orderNo).where('state', '=', 'pending').execute();
      const subject = `汽配汇${o.level_name}（${membershipMsg.packageDuration(o.duration_months)}）`;
      const { checkout_url } = await provider.startCheckout(db, { order_no: orderNo, amount_fen: o.amount_fen, subject, device });
      return { provider: provider.name, checkout_url };
    },

    /** A provider's verified notice: checked against the order, then applied once. */
    async applyNotice(db: Kysely<DB>, providerName: string, notice: PaymentNotice, ctx?: Ctx): Promise<PackageOrder> {
      const o = await repo.orderByNo(db, notice.order_no);
      if (!o) throw notFound();
      if (o.provider !== providerName) throw forbidden(membershipMsg.providerMismatch);
      if (o.amount_fen !== notice.amount_fen) throw forbidden(membershipMsg.amountMismatch);
      await inTransaction(db, (trx) => transition(trx, notice.order_no, notice.outcome === 'paid' ? 'pay' : 'cancel', notice.trade_no, ctx));
      return reread(db, notice.order_no);
    },

    /** Orders whose checkout started before `before` and that are still pending: the payment sweep asks their provider. */
    unfinished: async (db: Kysely<DB>, before: Date) =>
      (await repo.pendingOrdersBefore(db, before)).map((o) => ({ order_no: o.order_no, provider: o.provider!, amount_fen: Number(o.amount_fen), started_at: new Date(o.created_at) })),
  };
};

/** Where a package order's payer returns to: the completed page once paid, else the order. */
export const packageReturnUrl = (no: string, state: string) => (state === 'paid' ? `/pay/package/complete?order_no=${no}` : `/pay/package/order?order_no=${no}`);

/**
 * Package orders (PK…) as a payment purpose: the provider's checkout, its notices and the payment
 * sweep reach them like every other purpose (docs/money.md, "Payment providers").
 */
export const packagePurpose = (svc: ReturnType<typeof createMembershipService>): PaymentPurpose => ({
  owns: (no) => /^PK\d{20}$/.test(no),
  async forCheckout(db, caller, no) {
    const o = await svc.orderForCheckout(db, caller, no);
    return { company_name: o.company_name, state: o.state, return_url: packageReturnUrl(o.order_no, o.state) };
  },
  async applyNotice(db, providerName, notice, ctx) {
    const o = await svc.applyNotice(db, providerName, notice, ctx);
    return { order_no: o.order_no, state: o.state, return_url: packageReturnUrl(o.order_no, o.state) };
  },
  unfinished: (db, before) => svc.unfinished(db, before),
});

export type MembershipService = ReturnType<typeof createMembershipService>;
