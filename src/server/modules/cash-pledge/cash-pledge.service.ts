/**
 * 保证金 (docs/money.md#cash-pledges): a seller's cash pledge on the ledger. The operator sets what
 * each company level asks; a seller pays what is due (the level's amount less what is held) from
 * its wallet (cash_pledge_pay: wallet_available → cash_pledge_held) or through the provider (a
 * payment purpose, CP… numbers; the provider's verified notice credits the pledge once). The
 * operator deducts from it by a decision on an after-sale (cash_pledge_deduct to the buyer's wallet
 * or the platform's fee income, with a reason and a notice to the seller) and returns it when the
 * seller leaves (cash_pledge_return). Every change of one company's pledge takes that company's
 * lock, and its history row, its ledger posting and its payment's state commit together.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { cashPledgeText, CASH_PLEDGE_BENEFICIARIES, type CashPledgeEvent, type OpCashPledgeRow } from '../../../shared/contracts/cash-pledge';
import { ACCOUNTING_CODES, mayBuyPackage } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import { inTransaction, unix } from '../../db/helpers';
import type { LedgerService } from '../ledger/ledger.service';
import * as ledgerRead from '../ledger/ledger.read';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import { applyCheckedNotice } from '../payment/payment.notice-check';
import type { AfterSaleService } from '../aftersale/aftersale.service';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import * as repo from './cash-pledge.repo';

type Ctx = Pick<RequestContext, 'afterCommit'>;

const PAYMENT_NO = /^CP\d{20}$/;
/** A prefix, China time to the second and 6 random digits, like the recharges' numbers. */
const newNo = (prefix: string, now: Date) => `${prefix}${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** Where the payer lands after the provider's page: the pledge page, which shows the outcome. */
export const pledgeReturnUrl = (no: string) => `/backend/accounting/cashpledge?payment=${no}`;
const yuanText = (fen: number) => (fen / 100).toFixed(2);
const paymentNotFound = () => new AppError(ResultCode.notFound, 404, cashPledgeText.paymentNotFound);

type EventRow = Awaited<ReturnType<typeof repo.eventByNo>>;
const eventOf = (e: EventRow): CashPledgeEvent => ({
  id: Number(e.id), event_no: e.event_no, company_id: e.company_id, company_name: e.company_name, action: e.action, amount_fen: Number(e.amount_fen),
  reference: e.reference, beneficiary: e.beneficiary ?? '', reason: e.reason, created_at: unix(e.created_at),
});

export const createCashPledgeService = (deps: {
  clock: Clock; ledger: LedgerService; providers: PaymentProviders;
  afterSales: Pick<AfterSaleService, 'operatorDetail'>; notices?: Pick<ImService, 'postNotice'>;
}) => {
  const { clock, ledger, providers, afterSales, notices } = deps;

  /** The caller, if they may see and pay their company's pledge: the wallet's people (docs/money.md#the-wallet). */
  const holder = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userOf(db, caller.userId);
    if (!u || !u.active || !mayBuyPackage(u)) throw forbidden(cashPledgeText.mayNotUse);
    return u;
  };

  /** What the company's level asks, what it holds, and what is due (never below zero; nothing for a company that is not a seller). */
  const standing = async (db: Kysely<DB>, companyId: number) => {
    const c = await repo.companyOf(db, companyId);
    if (!c) throw new AppError(ResultCode.notFound, 404, cashPledgeText.notSellerCompany);
    const w = await ledger.wallet(db, companyId);
    const required = Number(c.required_fen);
    return { c, w, required, held: w.cash_pledge_fen, due: c.is_seller ? Math.max(required - w.cash_pledge_fen, 0) : 0 };
  };

  /** Tells the seller's owners and accounting staff; stored with the change, delivered after commit. */
  const tell = async (trx: Kysely<DB>, companyId: number, event: string, notice: { title: string; scene: 'im_cash_pledge_deduct' | 'im_cash_pledge_return'; values: Record<string, string>; facts: Record<string, string>; no: string }, ctx?: Ctx) => {
    if (!notices || !ctx) return;
    const to = await imRead.usersWithCodes(trx, companyId, ACCOUNTING_CODES);
    await notices.postNotice(trx, { to, event, notice: { ...notice, link: '/backend/accounting/cashpledge' } }, ctx);
  };

  /** Applies a verified notice to a provider payment, once: the posting, the paid mark and the history row commit together. */
  const applyNotice = async (db: Kysely<DB>, providerName: string, notice: PaymentNotice) => {
    await applyCheckedNotice(db, providerName, notice, {
      find: repo.paymentByNo, notFound: paymentNotFound, text: cashPledgeText,
      async lock(trx, seen) {
        await repo.lockCompany(trx, seen.company_id);
        return (await repo.lockPayment(trx, notice.order_no))!;
      },
      cancel: (trx, p) => repo.markCancelled(trx, p.id, clock.now()).then(() => undefined),
      async pay(trx, p) {
        const amount = Number(p.amount_fen);
        const posted = await ledger.post(trx, {
          kind: 'cash_pledge_pay', reference: p.payment_no, idempotency_key: `cash_pledge_pay:${p.payment_no}`, created_by: null,
          lines: [{ account: { kind: 'provider', provider: providerName }, amount_fen: -amount }, { account: { kind: 'cash_pledge_held', company_id: p.company_id }, amount_fen: amount }],
        });
        const now = clock.now();
        await repo.markPaid(trx, p.id, { trade_no: notice.trade_no, ledger_transaction_id: posted.transaction_id, paid_at: now });
        await repo.insertEvent(trx, {
          event_no: newNo('PE', now), company_id: p.company_id, action: 'pay', amount_fen: amount, reference: p.payment_no, beneficiary: null, buyer_company_id: null,
          reason: '', user_id: p.user_id, ledger_transaction_id: posted.transaction_id, created_at: now,
        });
      },
    });
    const p = (await repo.paymentByNo(db, notice.order_no))!;
    return { order_no: p.payment_no, state: p.state, return_url: pledgeReturnUrl(p.payment_no) };
  };

  const purpose: PaymentPurpose = {
    owns: (no) => PAYMENT_NO.test(no),
    async forCheckout(db, caller, no) {
      if (!providers.sandboxEnabled) throw paymentNotFound();
      const p = await repo.paymentByNo(db, no);
      if (!p) throw paymentNotFound();
      if (p.user_id !== caller.userId) throw forbidden(cashPledgeText.sandboxNotPayer);
      return { company_name: (await repo.companyOf(db, p.company_id))?.name ?? '', state: p.state, return_url: pledgeReturnUrl(p.payment_no) };
    },
    applyNotice: (db, providerName, notice) => applyNotice(db, providerName, notice),
    unfinished: async (db, before) => (await repo.pendingBefore(db, before)).map((r) => ({ order_no: r.payment_no, provider: r.provider!, amount_fen: Number(r.amount_fen), started_at: new Date(r.created_at) })),
  };

  const eventAnswer = async (db: Kysely<DB>, eventNo: string, companyId: number) =>
    ({ event: eventOf(await repo.eventByNo(db, eventNo)), held_fen: (await ledger.wallet(db, companyId)).cash_pledge_fen });

  return {
    purpose,
    applyNotice,

    async status(db: Kysely<DB>, caller: Caller) {
      const u = await holder(db, caller);
      const [s, demo] = await Promise.all([standing(db, u.company_id), providers.isDemo(db)]);
      return {
        is_seller: u.is_seller, company_id: u.company_id, company_name: u.company_name, level_name: s.c.level_name,
        required_fen: u.is_seller ? s.required : 0, held_fen: s.held, due_fen: s.due, wallet_available_fen: s.w.available_fen, demo_payment: demo,
      };
    },

    async events(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const u = await holder(db, caller);
      const { rows, total } = await repo.events(db, u.company_id, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(eventOf), total };
    },

    /**
     * Pays what is due: from the wallet at once, or a pending payment through the configured
     * provider. The amount must be what is due now (a page opened before the operator changed
     * the level's amount, or before another payment, is told to refresh).
     */
    async pay(db: Kysely<DB>, caller: Caller, p: PayloadOut<'cashPledgePay'>) {
      const u = await holder(db, caller);
      if (!u.is_seller) throw forbidden(cashPledgeText.notSeller);
      const checkDue = (due: number) => {
        if (due <= 0) throw conflict(cashPledgeText.notDue);
        if (p.amount_fen !== due) throw invalid('amount_fen', cashPledgeText.dueChanged(due));
      };
      if (p.method === 'wallet') {
        return inTransaction(db, async (trx) => {
          await repo.lockCompany(trx, u.company_id);
          const s = await standing(trx, u.company_id);
          checkDue(s.due);
          const now = clock.now();
          const no = newNo('CP', now);
          await repo.insertPayment(trx, { payment_no: no, company_id: u.company_id, user_id: caller.userId, amount_fen: p.amount_fen, method: 'wallet', provider: null, created_at: now });
          // 余额不足 here rolls the payment row back with it
          const posted = await ledger.post(trx, {
            kind: 'cash_pledge_pay', reference: no, idempotency_key: `cash_pledge_pay:${no}`, created_by: caller.userId,
            lines: [{ account: { kind: 'wallet_available', company_id: u.company_id }, amount_fen: -p.amount_fen }, { account: { kind: 'cash_pledge_held', company_id: u.company_id }, amount_fen: p.amount_fen }],
          });
          const row = (await repo.paymentByNo(trx, no))!;
          await repo.markPaid(trx, row.id, { trade_no: null, ledger_transaction_id: posted.transaction_id, paid_at: now });
          await repo.insertEvent(trx, {
            event_no: newNo('PE', now), company_id: u.company_id, action: 'pay', amount_fen: p.amount_fen, reference: no, beneficiary: null, buyer_company_id: null,
            reason: '', user_id: caller.userId, ledger_transaction_id: posted.transaction_id, created_at: now,
          });
          return { payment_no: no, state: 'paid' as const, amount_fen: p.amount_fen, checkout_url: '', held_fen: s.held + p.amount_fen };
        });
      }
      const provider = await providers.configured(db);
      const s = await standing(db, u.company_id);
      checkDue(s.due);
      const no = newNo('CP', clock.now());
      await repo.insertPayment(db, { payment_no: no, company_id: u.company_id, user_id: caller.userId, amount_fen: p.amount_fen, method: 'provider', provider: provider.name, created_at: clock.now() });
      const { checkout_url } = await provider.startCheckout(db, { order_no: no, amount_fen: p.amount_fen, subject: `汽配汇卖家保证金（${u.company_name}）`, device: p.device });
      return { payment_no: no, state: 'pending' as const, amount_fen: p.amount_fen, checkout_url, held_fen: s.held };
    },

    /** The public trust mark of a shop: what its seller holds (0 for a company that is not a seller). */
    async mark(db: Kysely<DB>, companyId: number) {
      const c = await repo.companyOf(db, companyId);
      if (!c?.is_seller) return { held_fen: 0 };
      return { held_fen: (await ledger.wallet(db, companyId)).cash_pledge_fen };
    },

    // ---- the operator (pay/cashpledge) ----
    levels: async (db: Kysely<DB>) => ({ data: (await repo.levels(db)).map((l) => ({ ...l, amount_fen: Number(l.amount_fen) })) }),

    async saveLevel(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opCashPledgeLevelSave'>) {
      const name = await repo.levelName(db, p.level_id);
      if (name === undefined) throw invalid('level_id', cashPledgeText.level);
      await repo.saveLevel(db, { level_id: p.level_id, amount_fen: p.amount_fen, updated_by: caller.userId, updated_at: clock.now() });
      return { level_id: p.level_id, level_name: name, amount_fen: p.amount_fen };
    },

    async list(db: Kysely<DB>, p: PayloadOut<'opCashPledgeList'>) {
      const holding = await ledgerRead.companiesHolding(db, 'cash_pledge_held');
      const rows: OpCashPledgeRow[] = (await repo.sellers(db, p.company, [...holding.keys()])).map((c) => {
        const required = Number(c.required_fen);
        const held = holding.get(c.id) ?? 0;
        const state = required === 0 && held === 0 ? 'none' as const : held >= required ? 'held' as const : 'due' as const;
        return { company_id: c.id, company_name: c.name, level_name: c.level_name, required_fen: required, held_fen: held, due_fen: Math.max(required - held, 0), state };
      }).filter((r) => p.state === '' || r.state === p.state);
      return {
        data: rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: rows.length,
        held_fen: rows.reduce((s, r) => s + r.held_fen, 0),
      };
    },

    async operatorEvents(db: Kysely<DB>, p: PayloadOut<'opCashPledgeEvents'>) {
      const { rows, total } = await repo.events(db, p.company_id, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(eventOf), total };
    },

    /** A deduction decided on an after-sale: from the seller's pledge to the buyer's wallet or the platform. */
    async deduct(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opCashPledgeDeduct'>, ctx?: Ctx) {
      // read through the after-sale module's service: 售后单不存在 when there is none
      const a = await afterSales.operatorDetail(db, p.as_no);
      const sellerId = a.seller_company_id;
      const eventNo = await inTransaction(db, async (trx) => {
        await repo.lockCompany(trx, sellerId);
        const held = (await ledger.wallet(trx, sellerId)).cash_pledge_fen;
        if (p.amount_fen > held) throw conflict(cashPledgeText.overHeld(held));
        const now = clock.now();
        const no = newNo('PE', now);
        const posted = await ledger.post(trx, {
          kind: 'cash_pledge_deduct', reference: a.as_no, idempotency_key: `cash_pledge_deduct:${no}`, created_by: caller.userId,
          lines: [
            { account: { kind: 'cash_pledge_held', company_id: sellerId }, amount_fen: -p.amount_fen },
            p.beneficiary === 'buyer' ? { account: { kind: 'wallet_available', company_id: a.buyer_company_id }, amount_fen: p.amount_fen } : { account: { kind: 'fee_income' }, amount_fen: p.amount_fen },
          ],
        });
        await repo.insertEvent(trx, {
          event_no: no, company_id: sellerId, action: 'deduct', amount_fen: p.amount_fen, reference: a.as_no, beneficiary: p.beneficiary,
          buyer_company_id: p.beneficiary === 'buyer' ? a.buyer_company_id : null, reason: p.reason, user_id: caller.userId, ledger_transaction_id: posted.transaction_id, created_at: now,
        });
        await tell(trx, sellerId, `cpd-${no}`, {
          title: '保证金已扣除', scene: 'im_cash_pledge_deduct', no: a.as_no,
          values: { amount: yuanText(p.amount_fen), as_no: a.as_no, to: CASH_PLEDGE_BENEFICIARIES[p.beneficiary], reason: p.reason, held: yuanText(held - p.amount_fen) },
          facts: { amount: String(p.amount_fen), as_no: a.as_no, to: p.beneficiary, reason: p.reason, held: String(held - p.amount_fen) },
        }, ctx);
        return no;
      });
      return eventAnswer(db, eventNo, sellerId);
    },

    /** Everything the company holds back to its wallet (the seller leaves). */
    async giveBack(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opCashPledgeReturn'>, ctx?: Ctx) {
      const eventNo = await inTransaction(db, async (trx) => {
        await repo.lockCompany(trx, p.company_id);
        const s = await standing(trx, p.company_id);
        if (s.held <= 0) throw conflict(cashPledgeText.nothingHeld);
        const now = clock.now();
        const no = newNo('PE', now);
        const posted = await ledger.post(trx, {
          kind: 'cash_pledge_return', reference: no, idempotency_key: `cash_pledge_return:${no}`, created_by: caller.userId,
          lines: [{ account: { kind: 'cash_pledge_held', company_id: p.company_id }, amount_fen: -s.held }, { account: { kind: 'wallet_available', company_id: p.company_id }, amount_fen: s.held }],
        });
        await repo.insertEvent(trx, {
          event_no: no, company_id: p.company_id, action: 'return', amount_fen: s.held, reference: '', beneficiary: null, buyer_company_id: null,
          reason: p.reason, user_id: caller.userId, ledger_transaction_id: posted.transaction_id, created_at: now,
        });
        await tell(trx, p.company_id, `cpr-${no}`, { title: '保证金已退还', scene: 'im_cash_pledge_return', no, values: { amount: yuanText(s.held), reason: p.reason }, facts: { amount: String(s.held), reason: p.reason } }, ctx);
        return no;
      });
      return eventAnswer(db, eventNo, p.company_id);
    },
  };
};

export type CashPledgeService = ReturnType<typeof createCashPledgeService>;
