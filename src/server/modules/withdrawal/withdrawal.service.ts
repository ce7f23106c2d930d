/**
 * 银行卡 and 提现 (docs/money.md, "Bank cards and withdrawals"). The company's owner or an
 * accounting-code holder (the wallet's people) adds cards, which an operator verifies or rejects
 * with a reason, and withdraws to a verified card of the company: the withdrawal row and its
 * `withdrawal_freeze` posting (available → frozen) commit together. An operator approves
 * (申请中 → 已通过), then marks it paid after the bank transfer (已通过 → 已打款, posting
 * `withdrawal_payout` frozen → the bank-transfer provider account), or rejects it with a reason
 * (申请中 or 已通过 → 已拒绝, posting `withdrawal_release` frozen → available). Each step locks the
 * withdrawal row, is keyed in the ledger by the withdrawal number and the step, is written to
 * the audit log, and tells the company's owners through the message assistant; repeating a step
 * already taken answers the row as it is and changes nothing.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type BankCard, type OpBankCardRow, type OpWithdrawalRow, type PayloadOut, type Withdrawal } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { formatFen } from '../../../shared/domain/prices';
import {
  BANK_CARD_MAX, cardLabel, holderProblem, PAYOUT_PROVIDER, WITHDRAWAL_STATES, withdrawalText, type WithdrawalState,
} from '../../../shared/domain/withdrawal';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import * as audit from '../operation/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repo from './withdrawal.repo';

type Ctx = Pick<RequestContext, 'afterCommit'>;
type CardRow = NonNullable<Awaited<ReturnType<typeof repo.cardById>>>;
type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof repo.withdrawalByNo>>>;

const notFound = () => new AppError(ResultCode.notFound, 404, withdrawalText.withdrawalNotFound);
const cardNotFound = () => new AppError(ResultCode.notFound, 404, withdrawalText.cardNotFound);
/** WD + China time to the second + 6 random digits, like the recharges' numbers. */
const newWithdrawalNo = (now: Date) => `WD${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const WALLET_LINK = '/backend/accounting/wallet';

export const cardAnswer = (c: CardRow): BankCard => ({
  id: c.id, kind: c.kind, holder_name: c.holder_name, bank_name: c.bank_name, account_no: c.account_no, state: c.state, reason: c.reason,
  created_at: unix(c.created_at), decided_at: unix(c.decided_at),
});

export const withdrawalAnswer = (w: Pick<WithdrawalRow, 'withdrawal_no' | 'amount_fen' | 'state' | 'reason' | 'bank_card_id' | 'holder_name' | 'bank_name' | 'account_no' | 'payout_ref' | 'created_at' | 'approved_at' | 'paid_at' | 'rejected_at'>): Withdrawal => ({
  withdrawal_no: w.withdrawal_no, amount_fen: Number(w.amount_fen), state: w.state, reason: w.reason, bank_card_id: Number(w.bank_card_id),
  holder_name: w.holder_name, bank_name: w.bank_name, account_no: w.account_no, payout_ref: w.payout_ref,
  created_at: unix(w.created_at), approved_at: unix(w.approved_at), paid_at: unix(w.paid_at), rejected_at: unix(w.rejected_at),
});

const opWithdrawalAnswer = (r: Awaited<ReturnType<typeof repo.opWithdrawal>>): OpWithdrawalRow => ({
  ...withdrawalAnswer(r), company_id: r.company_id, company_name: r.company_name, applicant: r.applicant,
  approved_by: r.approved_by ?? '', paid_by: r.paid_by ?? '', rejected_by: r.rejected_by ?? '',
});

const opCardAnswer = (r: NonNullable<Awaited<ReturnType<typeof repo.opCard>>>): OpBankCardRow => ({
  id: r.id, kind: r.kind, holder_name: r.holder_name, bank_name: r.bank_name, account_no: r.account_no, state: r.state, reason: r.reason,
  created_at: unix(r.created_at), decided_at: unix(r.decided_at), company_id: r.company_id, company_name: r.company_name,
  created_by: r.created_by, decided_by: r.decided_by ?? '',
});

export const createWithdrawalService = (deps: { clock: Clock; ledger: LedgerService; wallet: WalletService; notices?: Pick<ImService, 'postNotice'> }) => {
  const { clock, ledger, wallet, notices } = deps;

  const holder = (db: Kysely<DB>, caller: Caller) => wallet.holder(db, caller, withdrawalText.mayNotUse);

  /** 提现已通过 … to the company's owners, in the step's transaction. */
  const tellWithdrawal = async (trx: Kysely<DB>, w: WithdrawalRow, state: WithdrawalState, reason: string, ctx: Ctx) => {
    if (!notices) return;
    await notices.postNotice(trx, {
      to: await imRead.ownersOf(trx, w.company_id), event: `withdrawal-${w.withdrawal_no}-${state}`,
      notice: {
        title: `提现${WITHDRAWAL_STATES[state]}`, no: w.withdrawal_no, link: WALLET_LINK, scene: 'im_withdrawal',
        values: { no: w.withdrawal_no, amount: formatFen(Number(w.amount_fen)), card: cardLabel(w), state: WITHDRAWAL_STATES[state], reason: reason ? `，原因：${reason}` : '' },
        facts: { no: w.withdrawal_no, amount: String(w.amount_fen), bank: w.bank_name, tail: w.account_no.slice(-4), state, reason },
      },
    }, ctx);
  };

  /** The operator's step on a withdrawal: locked, refused unless the state allows it, replayed when already taken. */
  const step = (db: Kysely<DB>, no: string, run: (trx: Kysely<DB>, w: WithdrawalRow) => Promise<void>) =>
    inTransaction(db, async (trx) => {
      const w = await repo.lockWithdrawal(trx, no);
      if (!w) throw notFound();
      await run(trx, w);
      return opWithdrawalAnswer(await repo.opWithdrawal(trx, no));
    });

  const stateText = (s: WithdrawalState) => WITHDRAWAL_STATES[s];

  return {
    async cards(db: Kysely<DB>, caller: Caller): Promise<BankCard[]> {
      const u = await holder(db, caller);
      return (await repo.liveCards(db, u.company_id)).map(cardAnswer);
    },

    addCard: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'bankCardAdd'>) => inTransaction(db, async (trx) => {
      const u = await holder(trx, caller);
      const problem = holderProblem(p.kind, p.holder_name, u.company_name);
      if (problem) throw invalid('holder_name', problem);
      await repo.lockCompanyCards(trx, u.company_id);
      const live = await repo.liveCards(trx, u.company_id);
      if (live.some((c) => c.account_no === p.account_no)) throw invalid('account_no', withdrawalText.cardTaken);
      if (live.length >= BANK_CARD_MAX) throw conflict(withdrawalText.tooManyCards);
      return cardAnswer(await repo.insertCard(trx, { company_id: u.company_id, kind: p.kind, holder_name: p.holder_name, bank_name: p.bank_name, account_no: p.account_no, created_by: caller.userId, created_at: clock.now() }));
    }),

    removeCard: (db: Kysely<DB>, caller: Caller, id: number) => inTransaction(db, async (trx) => {
      const u = await holder(trx, caller);
      const c = await repo.lockCard(trx, id);
      if (!c) throw cardNotFound();
      if (c.company_id !== u.company_id) throw forbidden(withdrawalText.cardOtherCompany);
      if (c.removed_at) return { removed: false };
      await repo.removeCard(trx, id, caller.userId, clock.now());
      return { removed: true };
    }),

    async withdrawals(db: Kysely<DB>, caller: Caller, p: PayloadOut<'withdrawalList'>) {
      const u = await holder(db, caller);
      const { rows, total } = await repo.companyWithdrawals(db, u.company_id, p.state, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(withdrawalAnswer), total };
    },

    /** 申请提现: the card checked and locked, the row written and the amount frozen in one transaction. */
    apply: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'withdrawalApply'>) => inTransaction(db, async (trx) => {
      const u = await holder(trx, caller);
      const c = await repo.lockCard(trx, p.bank_card_id);
      if (!c) throw cardNotFound();
      if (c.company_id !== u.company_id) throw forbidden(withdrawalText.cardOtherCompany);
      if (c.removed_at) throw conflict(withdrawalText.cardRemoved);
      if (c.state !== 'verified') throw conflict(withdrawalText.cardNotVerified);
      const now = clock.now();
      const no = newWithdrawalNo(now);
      const posted = await ledger.post(trx, {
        kind: 'withdrawal_freeze', reference: no, idempotency_key: `withdrawal:${no}:freeze`, created_by: caller.userId,
        lines: [
          { account: { kind: 'wallet_available', company_id: u.company_id }, amount_fen: -p.amount_fen },
          { account: { kind: 'wallet_frozen', company_id: u.company_id }, amount_fen: p.amount_fen },
        ],
      });
      return withdrawalAnswer(await repo.insertWithdrawal(trx, {
        withdrawal_no: no, company_id: u.company_id, user_id: caller.userId, bank_card_id: c.id, holder_name: c.holder_name, bank_name: c.bank_name,
        account_no: c.account_no, amount_fen: p.amount_fen, created_at: now, freeze_tx: posted.transaction_id,
      }));
    }),

    // ---- the operator's side (D05-04) ----

    async opWithdrawals(db: Kysely<DB>, p: PayloadOut<'opWithdrawalList'>) {
      const { rows, total } = await repo.opWithdrawals(db, { state: p.state, company: p.company, no: p.no, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { data: rows.map(opWithdrawalAnswer), total };
    },

    approve: (db: Kysely<DB>, caller: Caller, no: string, ctx: Ctx) => step(db, no, async (trx, w) => {
      if (w.state === 'approved' || w.state === 'paid') return;
      if (w.state !== 'applied') throw conflict(withdrawalText.notApplied(stateText(w.state)));
      const now = clock.now();
      await repo.updateWithdrawal(trx, w.id, 'applied', { state: 'approved', approved_by: caller.userId, approved_at: now });
      await audit.record(trx, caller, now, [{ entity: 'withdrawal', entity_id: no, action: 'approve', old: { state: w.state }, new: { state: 'approved' } }]);
      await tellWithdrawal(trx, w, 'approved', '', ctx);
    }),

    pay: (db: Kysely<DB>, caller: Caller, no: string, payoutRef: string, ctx: Ctx) => step(db, no, async (trx, w) => {
      if (w.state === 'paid') return;
      if (w.state !== 'approved') throw conflict(withdrawalText.notApproved(stateText(w.state)));
      const now = clock.now();
      const amount = Number(w.amount_fen);
      const posted = await ledger.post(trx, {
        kind: 'withdrawal_payout', reference: no, idempotency_key: `withdrawal:${no}:payout`, created_by: caller.userId,
        lines: [
          { account: { kind: 'wallet_frozen', company_id: w.company_id }, amount_fen: -amount },
          { account: { kind: 'provider', provider: PAYOUT_PROVIDER }, amount_fen: amount },
        ],
      });
      await repo.updateWithdrawal(trx, w.id, 'approved', { state: 'paid', paid_by: caller.userId, paid_at: now, payout_tx: posted.transaction_id, payout_ref: payoutRef });
      await audit.record(trx, caller, now, [{ entity: 'withdrawal', entity_id: no, action: 'mark_paid', old: { state: w.state }, new: { state: 'paid', payout_ref: payoutRef } }]);
      await tellWithdrawal(trx, w, 'paid', '', ctx);
    }),

    reject: (db: Kysely<DB>, caller: Caller, no: string, reason: string, ctx: Ctx) => step(db, no, async (trx, w) => {
      if (w.state === 'rejected') return;
      if (w.state !== 'applied' && w.state !== 'approved') throw conflict(withdrawalText.notOpen(stateText(w.state)));
      const now = clock.now();
      const amount = Number(w.amount_fen);
      const posted = await ledger.post(trx, {
        kind: 'withdrawal_release', reference: no, idempotency_key: `withdrawal:${no}:release`, created_by: caller.userId,
        lines: [
          { account: { kind: 'wallet_frozen', company_id: w.company_id }, amount_fen: -amount },
          { account: { kind: 'wallet_available', company_id: w.company_id }, amount_fen: amount },
        ],
      });
      await repo.updateWithdrawal(trx, w.id, w.state, { state: 'rejected', reason, rejected_by: caller.userId, rejected_at: now, release_tx: posted.transaction_id });
      await audit.record(trx, caller, now, [{ entity: 'withdrawal', entity_id: no, action: 'reject', old: { state: w.state }, new: { state: 'rejected' }, note: reason }]);
      await tellWithdrawal(trx, w, 'rejected', reason, ctx);
    }),

    async opCards(db: Kysely<DB>, p: PayloadOut<'opBankCardList'>) {
      const { rows, total } = await repo.opCards(db, { state: p.state, company: p.company, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { data: rows.map(opCardAnswer), total };
    },

    /** 银行卡审核: a pending card verified, or rejected with a reason; a decided card stays as it was. */
    decideCard: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opBankCardDecide'>, ctx: Ctx) => inTransaction(db, async (trx) => {
      const c = await repo.lockCard(trx, p.id);
      if (!c || c.removed_at) throw cardNotFound();
      const state = p.verified ? 'verified' : 'rejected';
      if (c.state === state) return opCardAnswer((await repo.opCard(trx, p.id))!);
      if (c.state !== 'pending') throw conflict(withdrawalText.cardDecided);
      const now = clock.now();
      const reason = p.verified ? '' : p.reason;
      await repo.decideCard(trx, c.id, { state, reason, decided_by: caller.userId, decided_at: now });
      await audit.record(trx, caller, now, [{ entity: 'bank_card', entity_id: c.id, action: p.verified ? 'approve' : 'reject', old: { state: c.state }, new: { state }, note: reason }]);
      if (notices) {
        await notices.postNotice(trx, {
          to: await imRead.ownersOf(trx, c.company_id), event: `bank-card-${c.id}-${state}`,
          notice: {
            title: p.verified ? '银行卡审核通过' : '银行卡审核未通过', no: '', link: WALLET_LINK, scene: 'im_bank_card',
            values: { card: cardLabel(c), state: p.verified ? '通过' : '未通过', reason: reason ? `，原因：${reason}` : '' },
            facts: { bank: c.bank_name, tail: c.account_no.slice(-4), state: p.verified ? 'verified' : 'rejected', reason },
          },
        }, ctx);
      }
      return opCardAnswer((await repo.opCard(trx, p.id))!);
    }),
  };
};

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
