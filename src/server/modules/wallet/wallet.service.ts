/**
 * 钱包 (docs/money.md, "The wallet"): a company's wallet on the ledger. Only the company's owner or
 * a user with an accounting code sees it and recharges it (the same people who may buy a
 * membership package). A recharge is a pending wallet_recharge paid through the configured
 * provider; the provider's verified notice credits the wallet exactly once: the recharge row is
 * locked, the ledger posting's key is the recharge's number, and the row is marked paid in the
 * same transaction, so a repeated or concurrent notice finds it paid and changes nothing.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import { ResultCode, type CheckoutDevice, type PayloadOut, type Wallet, type WalletEntry } from '../../../shared/contracts';
import { walletText, type WalletEntryKind } from '../../../shared/contracts/wallet';
import { msg } from '../../../shared/messages';
import { mayBuyPackage } from '../../../shared/domain/membership';
import { chinaMidnight, formatChina } from '../../../shared/domain/china-time';
import { unix } from '../../db/helpers';
import type { LedgerService } from '../ledger/ledger.service';
import * as ledgerRead from '../ledger/ledger.read';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import { applyCheckedNotice } from '../payment/payment.notice-check';
import * as repo from './wallet.repo';
import { requireAgreement } from '../paid-service/paid-service.read';

const RECHARGE_NO = /^RC\d{20}$/;
const notFound = () => new AppError(ResultCode.notFound, 404, walletText.rechargeNotFound);
/** RC + China time to the second + 6 random digits, like the package orders' numbers. */
const newRechargeNo = (now: Date) => `RC${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** Where the payer lands after the provider's page: the wallet, which shows this recharge's outcome. */
/** The most entries one XLSX export holds. */
export const WALLET_EXPORT_MAX = 20_000;
export const rechargeReturnUrl = (no: string) => `/backend/accounting/wallet?recharge=${no}`;

export const createWalletService = (deps: { clock: Clock; ledger: LedgerService; providers: PaymentProviders }) => {
  const { clock, ledger, providers } = deps;

  /** The caller, if they may see and recharge their company's wallet (and manage its bank cards and withdrawals). */
  const holder = async (db: Kysely<DB>, caller: Caller, refusal: string = walletText.mayNotUse) => {
    const u = await repo.userForWallet(db, caller.userId);
    if (!u || !u.active || !mayBuyPackage(u)) throw forbidden(refusal);
    return u;
  };

  const ownRecharge = async (db: Kysely<DB>, caller: Caller, no: string) => {
    const r = await repo.rechargeByNo(db, no);
    if (!r) throw notFound();
    if (r.company_id !== caller.companyId) throw forbidden(msg.otherCompany);
    return r;
  };

  const rechargeAnswer = (r: NonNullable<Awaited<ReturnType<typeof repo.rechargeByNo>>>) =>
    ({ recharge_no: r.recharge_no, amount_fen: r.amount_fen, state: r.state, paid_at: unix(r.paid_at) });

  /** Applies a verified notice to a recharge, once: the credit and the paid mark commit together. */
  const applyNotice = async (db: Kysely<DB>, providerName: string, notice: PaymentNotice) => {
    await applyCheckedNotice(db, providerName, notice, {
      find: repo.rechargeByNo, notFound, text: walletText,
      lock: async (trx) => (await repo.lockRecharge(trx, notice.order_no))!,
      cancel: (trx, r) => repo.markCancelled(trx, r.id, clock.now()).then(() => undefined),
      async pay(trx, r) {
        const posted = await ledger.post(trx, {
          kind: 'recharge', reference: r.recharge_no, idempotency_key: `recharge:${r.recharge_no}`, created_by: null,
          lines: [
            { account: { kind: 'provider', provider: providerName }, amount_fen: -r.amount_fen },
            { account: { kind: 'wallet_available', company_id: r.company_id }, amount_fen: r.amount_fen },
          ],
        });
        await repo.markPaid(trx, r.id, { trade_no: notice.trade_no, ledger_transaction_id: posted.transaction_id, paid_at: clock.now() });
      },
    });
    return rechargeAnswer((await repo.rechargeByNo(db, notice.order_no))!);
  };

  const purpose: PaymentPurpose = {
    owns: (no) => RECHARGE_NO.test(no),
    async forCheckout(db, caller, no) {
      if (!providers.sandboxEnabled) throw new AppError(ResultCode.notFound, 404, walletText.rechargeNotFound);
      const r = await repo.rechargeByNo(db, no);
      if (!r) throw notFound();
      if (r.user_id !== caller.userId) throw forbidden(walletText.sandboxNotPayer);
      return { company_name: await repo.companyName(db, r.company_id), state: r.state, return_url: rechargeReturnUrl(r.recharge_no) };
    },
    async applyNotice(db, providerName, notice) {
      const r = await applyNotice(db, providerName, notice);
      return { order_no: r.recharge_no, state: r.state, return_url: rechargeReturnUrl(r.recharge_no) };
    },
    unfinished: async (db, before) =>
      (await repo.pendingRechargesBefore(db, before)).map((r) => ({ order_no: r.recharge_no, provider: r.provider!, amount_fen: Number(r.amount_fen), started_at: new Date(r.created_at) })),
  };

  return {
    purpose,
    applyNotice,
    holder,

    async wallet(db: Kysely<DB>, caller: Caller): Promise<Wallet> {
      const u = await holder(db, caller);
      const [w, demo] = await Promise.all([ledger.wallet(db, u.company_id), providers.isDemo(db)]);
      return { company_id: u.company_id, company_name: u.company_name, available_fen: w.available_fen, frozen_fen: w.frozen_fen, demo_payment: demo };
    },

    async entries(db: Kysely<DB>, caller: Caller, p: PayloadOut<'walletEntries'>, all = false): Promise<{ data: WalletEntry[]; total: number; company_name: string }> {
      const u = await holder(db, caller);
      const { rows, total } = await ledgerRead.entries(db, {
        companyId: u.company_id, kind: p.kind,
        from: p.date_from ? chinaMidnight(p.date_from) : null, to: p.date_to ? chinaMidnight(p.date_to, 1) : null,
        // the XLSX export (wallet.export.ts): every entry of the filter, up to WALLET_EXPORT_MAX
        limit: all ? WALLET_EXPORT_MAX : p.page_size, offset: all ? 0 : (p.page_number - 1) * p.page_size,
      });
      return {
        total, company_name: u.company_name,
        data: rows.map((r) => ({
          id: r.id, transaction_id: r.transaction_id, kind: r.kind as WalletEntryKind, reference: r.reference,
          part: r.account_kind === 'wallet_frozen' ? 'frozen' : 'available',
          amount_fen: r.amount_fen, balance_after_fen: r.balance_after_fen, created_at: unix(r.created_at),
        })),
      };
    },

    /** A pending recharge and the provider's checkout for it; the caller's Idempotency-Key makes a retry the same recharge. */
    async recharge(db: Kysely<DB>, caller: Caller, amountFen: number, device?: CheckoutDevice) {
      const u = await holder(db, caller);
      // the service agreement's current version, once one is published (docs/money.md#the-service-agreement)
      await requireAgreement(db, u.company_id);
      const provider = await providers.configured(db);
      const no = newRechargeNo(clock.now());
      await repo.insertRecharge(db, { recharge_no: no, company_id: u.company_id, user_id: caller.userId, amount_fen: amountFen, provider: provider.name, created_at: clock.now() });
      const { checkout_url } = await provider.startCheckout(db, { order_no: no, amount_fen: amountFen, subject: `汽配汇钱包充值（${u.company_name}）`, device });
      return { recharge_no: no, amount_fen: amountFen, provider: provider.name, checkout_url };
    },

    async rechargeGet(db: Kysely<DB>, caller: Caller, no: string) {
      await holder(db, caller);
      return rechargeAnswer(await ownRecharge(db, caller, no));
    },
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
