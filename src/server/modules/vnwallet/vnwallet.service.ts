/**
 * 越南盾钱包 (docs/money.md#money-in-dong): a Vietnamese company's dong wallet on the ledger
 * (account kind vnd_wallet, whole dong). Only a company registered in Vietnam has one, and only its
 * owner or a user with an accounting code sees and recharges it, as the CNY wallet. A recharge is a
 * pending vnd_recharge (VR…) paid through the configured provider, which must take dong; the
 * provider's verified notice credits the wallet exactly once through the one notice check of every
 * purpose (payment.notice-check.ts): the row is locked, the ledger posting is keyed by the recharge's
 * number, and the row is marked paid in the same transaction.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { ResultCode, type CheckoutDevice, type PayloadOut } from '../../../shared/contracts';
import { vnWalletText, VND_RECHARGE_NO, type VnRecharge, type VnWallet, type VnWalletEntry } from '../../../shared/contracts/vn-wallet';
import { msg } from '../../../shared/messages';
import { mayBuyPackage } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import { unix } from '../../db/helpers';
import type { LedgerService } from '../ledger/ledger.service';
import * as ledgerRead from '../ledger/ledger.read';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import { applyCheckedNotice } from '../payment/payment.notice-check';
import { requireAgreement } from '../paid-service/paid-service.read';
import * as repo from './vnwallet.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, vnWalletText.rechargeNotFound);
/** VR + China time to the second + 6 random digits, like the CNY recharges' RC numbers. */
const newRechargeNo = (now: Date) => `VR${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** Where the payer lands after the provider's page: the dong wallet, which shows this recharge's outcome. */
export const vnRechargeReturnUrl = (no: string) => `/vnwallet?recharge=${no}`;

type RechargeRow = NonNullable<Awaited<ReturnType<typeof repo.rechargeByNo>>>;

const entryOf = (r: Awaited<ReturnType<typeof ledgerRead.vndEntries>>['rows'][number]): VnWalletEntry => ({
  id: Number(r.id), transaction_id: Number(r.transaction_id), kind: r.kind, reference: r.reference,
  amount_dong: Number(r.amount_fen), balance_after_dong: Number(r.balance_after_fen), created_at: unix(r.created_at),
});

export const createVnWalletService = (deps: { clock: Clock; ledger: LedgerService; providers: PaymentProviders }) => {
  const { clock, ledger, providers } = deps;

  /** The caller, if their company is Vietnamese and they may see and recharge its wallet. */
  const holder = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userForVnWallet(db, caller.userId);
    if (!u || !u.active) throw forbidden(vnWalletText.mayNotUse);
    if (u.country !== 'VN') throw forbidden(vnWalletText.notVn);
    if (!mayBuyPackage(u)) throw forbidden(vnWalletText.mayNotUse);
    return u;
  };

  const answer = (r: RechargeRow): VnRecharge => ({ recharge_no: r.recharge_no, amount_dong: Number(r.amount_dong), state: r.state, paid_at: unix(r.paid_at) });

  /** Applies a verified notice to a dong recharge, once: the credit and the paid mark commit together. */
  const applyNotice = async (db: Kysely<DB>, providerName: string, notice: PaymentNotice) => {
    await applyCheckedNotice(db, providerName, notice, {
      find: async (d, no) => { const r = await repo.rechargeByNo(d, no); return r ? { ...r, amount_fen: r.amount_dong } : r; },
      notFound, text: vnWalletText,
      lock: async (trx) => (await repo.lockRecharge(trx, notice.order_no).then((r) => r && { ...r, amount_fen: r.amount_dong }))!,
      cancel: (trx, r) => repo.markCancelled(trx, r.id, clock.now()).then(() => undefined),
      async pay(trx, r) {
        const amount = Number(r.amount_dong);
        const posted = await ledger.post(trx, {
          kind: 'vnd_recharge', reference: r.recharge_no, idempotency_key: `vnd_recharge:${r.recharge_no}`, created_by: null,
          lines: [
            { account: { kind: 'vnd_provider', provider: providerName }, amount_fen: -amount },
            { account: { kind: 'vnd_wallet', company_id: r.company_id }, amount_fen: amount },
          ],
        });
        await repo.markPaid(trx, r.id, { trade_no: notice.trade_no, ledger_transaction_id: posted.transaction_id, paid_at: clock.now() });
      },
    });
    return answer((await repo.rechargeByNo(db, notice.order_no))!);
  };

  const purpose: PaymentPurpose = {
    owns: (no) => VND_RECHARGE_NO.test(no),
    async forCheckout(db, caller, no) {
      if (!providers.sandboxEnabled) throw notFound();
      const r = await repo.rechargeByNo(db, no);
      if (!r) throw notFound();
      if (r.user_id !== caller.userId) throw forbidden(vnWalletText.sandboxNotPayer);
      return { company_name: await repo.companyName(db, r.company_id), state: r.state, return_url: vnRechargeReturnUrl(r.recharge_no), currency: 'VND' };
    },
    async applyNotice(db, providerName, notice) {
      const r = await applyNotice(db, providerName, notice);
      return { order_no: r.recharge_no, state: r.state, return_url: vnRechargeReturnUrl(r.recharge_no) };
    },
    unfinished: async (db, before) =>
      (await repo.pendingRechargesBefore(db, before)).map((r) => ({ order_no: r.recharge_no, provider: r.provider!, amount_fen: Number(r.amount_dong), started_at: new Date(r.created_at) })),
  };

  return {
    purpose,
    applyNotice,
    /** The caller's user and company when it may spend the dong wallet (a Vietnamese company's owner or accounting staff); 403 otherwise. */
    holder,

    async wallet(db: Kysely<DB>, caller: Caller): Promise<VnWallet> {
      const u = await holder(db, caller);
      const [w, demo] = await Promise.all([ledger.wallet(db, u.company_id), providers.isDemo(db)]);
      return { company_id: u.company_id, company_name: u.company_name, balance_dong: w.vnd_dong, demo_payment: demo };
    },

    async entries(db: Kysely<DB>, caller: Caller, pageNumber: number, pageSize: number): Promise<{ data: VnWalletEntry[]; total: number }> {
      const u = await holder(db, caller);
      const { rows, total } = await ledgerRead.vndEntries(db, { companyId: u.company_id, limit: pageSize, offset: (pageNumber - 1) * pageSize });
      return {
        total,
        data: rows.map(entryOf),
      };
    },

    /** A pending recharge in dong and the provider's checkout for it; the caller's Idempotency-Key makes a retry the same recharge. */
    async recharge(db: Kysely<DB>, caller: Caller, amountDong: number, device?: CheckoutDevice) {
      const u = await holder(db, caller);
      // the service agreement binds every recharge once a version is published (docs/money.md#the-service-agreement)
      await requireAgreement(db, u.company_id);
      const provider = await providers.configured(db);
      if (!provider.currencies?.includes('VND')) throw conflict(vnWalletText.providerNoVnd);
      const no = newRechargeNo(clock.now());
      await repo.insertRecharge(db, { recharge_no: no, company_id: u.company_id, user_id: caller.userId, amount_dong: amountDong, provider: provider.name, created_at: clock.now() });
      const { checkout_url } = await provider.startCheckout(db, { order_no: no, amount_fen: amountDong, subject: `汽配汇越南盾钱包充值（${u.company_name}）`, device });
      return { recharge_no: no, amount_dong: amountDong, provider: provider.name, checkout_url };
    },

    // ---- the operator's 海外账户 and 海外充值 (read only; the edge checks OP_CATALOGUE_CODES.payForeign) ----

    async opAccounts(db: Kysely<DB>, p: PayloadOut<'opForeignAccounts'>) {
      const r = await repo.foreignAccounts(db, { q: p.q, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return {
        total: r.total, balance_total_dong: r.balance_total,
        data: r.rows.map((x) => ({
          company_id: Number(x.company_id), company_name: x.company_name, province: x.province ?? '', balance_dong: Number(x.balance),
          recharged_dong: Number(x.recharged), last_entry_at: unix(x.last_at),
        })),
      };
    },

    async opAccountEntries(db: Kysely<DB>, p: PayloadOut<'opForeignAccountEntries'>) {
      const name = await repo.vnCompanyName(db, p.company_id);
      // a Chinese company has no dong wallet: not found here, as on the 海外 pages
      if (name === null) throw new AppError(ResultCode.notFound, 404, vnWalletText.companyNotFound);
      const { rows, total } = await ledgerRead.vndEntries(db, { companyId: p.company_id, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { total, company_name: name, data: rows.map(entryOf) };
    },

    async opRecharges(db: Kysely<DB>, p: PayloadOut<'opForeignRecharges'>) {
      const r = await repo.foreignRecharges(db, { company: p.company, no: p.no, state: p.state, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return {
        total: r.total, paid_dong: r.paid,
        data: r.rows.map((x) => ({
          id: Number(x.id), recharge_no: x.recharge_no, company_id: x.company_id, company_name: x.company_name, username: x.username, amount_dong: Number(x.amount_dong),
          state: x.state, provider: x.provider ?? '', trade_no: x.trade_no ?? '', created_at: unix(x.created_at), paid_at: unix(x.paid_at), cancelled_at: unix(x.cancelled_at),
        })),
      };
    },

    async rechargeGet(db: Kysely<DB>, caller: Caller, no: string): Promise<VnRecharge> {
      const u = await holder(db, caller);
      const r = await repo.rechargeByNo(db, no);
      if (!r) throw notFound();
      if (r.company_id !== u.company_id) throw forbidden(msg.otherCompany);
      return answer(r);
    },
  };
};

export type VnWalletService = ReturnType<typeof createVnWalletService>;
