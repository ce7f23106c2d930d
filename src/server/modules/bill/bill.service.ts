/**
 * 账单 (docs/money.md#bills): a company's monthly statement of its wallet (available and frozen
 * together), computed from the ledger alone through modules/ledger's read functions. The opening
 * balance is the sum of the wallet's entries before the China month begins, the closing balance
 * the sum before the next begins, and every transaction in between is a line: opening + lines =
 * closing, which is the wallet's balance at the month's end. Nothing is stored: a statement of a
 * closed month never changes, because the ledger is written once.
 *
 * The same months, opening and closing make a Vietnamese company's statement of its dong wallet
 * (docs/money.md#overseas-bills): its own lines (whole dong, each order payment's or refund's rate
 * and fen), the same month rules, the wallet's holders as the dong wallet decides them.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { BILL_GROUPS, BILL_GROUP_NAMES, billGroupOf, billText, type BillLine, type BillMonth, type BillStatement } from '../../../shared/contracts/bill';
import { VN_BILL_GROUPS, VN_BILL_GROUP_NAMES, type VnBillGroup, type VnBillLine, type VnBillMonth, type VnBillStatement } from '../../../shared/contracts/vn-bill';
import { vnWalletText } from '../../../shared/contracts/vn-wallet';
import { walletText } from '../../../shared/contracts/wallet';
import { mayBuyPackage } from '../../../shared/domain/membership';
import { chinaMidnight, formatChina } from '../../../shared/domain/china-time';
import { unix } from '../../db/helpers';
import * as ledgerRead from '../ledger/ledger.read';
import type { VnWalletService } from '../vnwallet/vnwallet.service';
import * as repo from './bill.repo';

/** The month after YYYY-MM. */
export const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
/** The instants a China month begins and the next begins. */
export const monthBounds = (month: string) => ({ from: chinaMidnight(`${month}-01`), to: chinaMidnight(`${nextMonth(month)}-01`) });

/** Refuses a month not yet begun at `now` (China months), as every statement does (422 on month). */
export const checkBillMonth = (month: string, now: Date) => {
  if (month > formatChina(Math.floor(now.getTime() / 1000), 'YYYY-MM')) throw invalid('month', billText.futureMonth);
};

/** Totals of a month, in the account's unit: what a list of months shows. */
interface MonthTotals { month: string; opening: number; in: number; out: number; closing: number; count: number }

/**
 * Every month from the first movement (or `now`) to `now`, newest first, with running balances:
 * each month's opening is the one before's closing.
 */
export const monthSeries = (moved: ReadonlyArray<{ month: string; in_fen: number; out_fen: number; n: number }>, now: string): MonthTotals[] => {
  const out: MonthTotals[] = [];
  let balance = 0;
  let i = 0;
  for (let m = moved.length > 0 && moved[0].month < now ? moved[0].month : now; m <= now; m = nextMonth(m)) {
    const row = moved[i]?.month === m ? moved[i++] : { in_fen: 0, out_fen: 0, n: 0 };
    const opening = balance;
    balance += row.in_fen + row.out_fen;
    out.push({ month: m, opening, in: row.in_fen, out: row.out_fen, closing: balance, count: row.n });
  }
  return out.reverse();
};

/** What the lines of each group brought in (positive) and took out (negative). */
const groupSums = <G extends string>(names: readonly G[], lines: ReadonlyArray<{ group: G; amount: number }>) =>
  names.map((g) => {
    const of = lines.filter((l) => l.group === g);
    return { group: g, count: of.length, in: of.reduce((s, l) => s + Math.max(l.amount, 0), 0), out: of.reduce((s, l) => s + Math.min(l.amount, 0), 0) };
  });

/** The group of a dong transaction kind (the dong wallet moves through these three kinds only: docs/money.md#money-in-dong). */
const vnGroupOf = (kind: string): VnBillGroup => VN_BILL_GROUP_NAMES.find((g) => (VN_BILL_GROUPS[g].kinds as readonly string[]).includes(kind)) ?? 'recharge';
const vnMonthOf = (companyId: number, companyName: string, t: MonthTotals): VnBillMonth => ({
  company_id: companyId, company_name: companyName, month: t.month, opening_dong: t.opening, in_dong: t.in, out_dong: t.out, closing_dong: t.closing, count: t.count,
});

export const createBillService = (deps: { clock: Clock; vnWallet: Pick<VnWalletService, 'holder'> }) => {
  const { clock, vnWallet } = deps;
  const thisMonth = () => formatChina(Math.floor(clock.now().getTime() / 1000), 'YYYY-MM');
  const checkMonth = (month: string) => checkBillMonth(month, clock.now());

  /** The caller's company, if they may read its statements: the wallet's people (docs/money.md#the-wallet). */
  const holder = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userOf(db, caller.userId);
    if (!u || !u.active || !mayBuyPackage(u)) throw forbidden(walletText.mayNotUse);
    return u;
  };

  const statement = async (db: Kysely<DB>, companyId: number, companyName: string, month: string): Promise<BillStatement> => {
    checkMonth(month);
    const { from, to } = monthBounds(month);
    const [opening, closing, txs] = await Promise.all([
      ledgerRead.companyBalancesBefore(db, companyId, from),
      ledgerRead.companyBalancesBefore(db, companyId, to),
      ledgerRead.walletTransactionsBetween(db, companyId, from, to),
    ]);
    let balance = opening.available_fen + opening.frozen_fen;
    const lines: BillLine[] = txs.map((t) => {
      const amount = t.available_fen + t.frozen_fen;
      balance += amount;
      return {
        transaction_id: t.id, kind: t.kind, group: billGroupOf(t.kind), reference: t.reference, created_at: unix(t.created_at),
        available_fen: t.available_fen, frozen_fen: t.frozen_fen, amount_fen: amount, balance_after_fen: balance,
      };
    });
    const groups = groupSums(BILL_GROUP_NAMES, lines.map((l) => ({ group: l.group, amount: l.amount_fen })))
      .map((g) => ({ group: g.group, label: BILL_GROUPS[g.group].label, count: g.count, in_fen: g.in, out_fen: g.out }));
    return {
      company_id: companyId, company_name: companyName, month,
      starts_at: unix(from), ends_at: unix(to) - 1,
      opening_fen: opening.available_fen + opening.frozen_fen, closing_fen: closing.available_fen + closing.frozen_fen,
      opening_available_fen: opening.available_fen, opening_frozen_fen: opening.frozen_fen,
      closing_available_fen: closing.available_fen, closing_frozen_fen: closing.frozen_fen,
      in_fen: groups.reduce((s, g) => s + g.in_fen, 0), out_fen: groups.reduce((s, g) => s + g.out_fen, 0), count: lines.length,
      cash_pledge_fen: closing.cash_pledge_fen, groups, lines,
    };
  };

  /** Every month from the first movement (or this month) to this month, newest first, with running balances. */
  const months = async (db: Kysely<DB>, companyId: number, companyName: string): Promise<BillMonth[]> =>
    monthSeries(await ledgerRead.walletMonths(db, companyId), thisMonth()).map((t) => ({
      company_id: companyId, company_name: companyName, month: t.month, opening_fen: t.opening, in_fen: t.in, out_fen: t.out, closing_fen: t.closing, count: t.count,
    }));

  /** A Vietnamese company's dong statement of a month: opening + lines = closing, whole dong. */
  const vnStatement = async (db: Kysely<DB>, companyId: number, companyName: string, month: string): Promise<VnBillStatement> => {
    checkMonth(month);
    const { from, to } = monthBounds(month);
    const [opening, closing, txs] = await Promise.all([
      ledgerRead.companyBalancesBefore(db, companyId, from),
      ledgerRead.companyBalancesBefore(db, companyId, to),
      ledgerRead.vndTransactionsBetween(db, companyId, from, to),
    ]);
    let balance = opening.vnd_dong;
    const lines: VnBillLine[] = txs.map((t) => {
      balance += t.amount;
      return {
        transaction_id: t.id, kind: t.kind, group: vnGroupOf(t.kind), reference: t.reference, created_at: unix(t.created_at),
        amount_dong: t.amount, balance_after_dong: balance, rate_micro: t.rate_micro, fx_fen: t.fx_fen,
      };
    });
    const groups = groupSums(VN_BILL_GROUP_NAMES, lines.map((l) => ({ group: l.group, amount: l.amount_dong })))
      .map((g) => ({ group: g.group, label: VN_BILL_GROUPS[g.group].label, count: g.count, in_dong: g.in, out_dong: g.out }));
    return {
      company_id: companyId, company_name: companyName, month, starts_at: unix(from), ends_at: unix(to) - 1,
      opening_dong: opening.vnd_dong, closing_dong: closing.vnd_dong,
      in_dong: groups.reduce((s, g) => s + g.in_dong, 0), out_dong: groups.reduce((s, g) => s + g.out_dong, 0), count: lines.length, groups, lines,
    };
  };

  /** A Vietnamese company's name for the operator: any other company is not found here, as on the 海外 pages. */
  const vnCompanyNamed = async (db: Kysely<DB>, companyId: number) => {
    const name = await repo.companyName(db, companyId, 'VN');
    if (name === undefined) throw new AppError(ResultCode.notFound, 404, vnWalletText.companyNotFound);
    return name;
  };

  const companyNamed = async (db: Kysely<DB>, companyId: number) => {
    const name = await repo.companyName(db, companyId);
    if (name === undefined) throw new AppError(ResultCode.notFound, 404, billText.companyNotFound);
    return name;
  };

  return {
    async months(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const u = await holder(db, caller);
      const all = await months(db, u.company_id, u.company_name);
      return { data: all.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: all.length };
    },
    async get(db: Kysely<DB>, caller: Caller, month: string) {
      const u = await holder(db, caller);
      return statement(db, u.company_id, u.company_name, month);
    },

    // ---- the operator (pay/bill, pay/bill/download) ----
    async operatorList(db: Kysely<DB>, p: { month: string; company: string; page_number: number; page_size: number }) {
      checkMonth(p.month);
      const { from, to } = monthBounds(p.month);
      const totals = await ledgerRead.walletTotalsByCompany(db, from, to);
      const names = await repo.namesOf(db, totals.map((t) => t.company_id), p.company);
      const rows: BillMonth[] = totals.filter((t) => names.has(t.company_id))
        .map((t) => ({
          company_id: t.company_id, company_name: names.get(t.company_id)!, month: p.month,
          opening_fen: t.opening_fen, in_fen: t.in_fen, out_fen: t.out_fen, closing_fen: t.opening_fen + t.in_fen + t.out_fen, count: t.n,
        }))
        .sort((a, b) => b.count - a.count || a.company_id - b.company_id);
      return { data: rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: rows.length };
    },
    async operatorGet(db: Kysely<DB>, companyId: number, month: string) {
      return statement(db, companyId, await companyNamed(db, companyId), month);
    },

    // ---- the dong wallet's statements (M11 bill, bill/{month}; the operator's foreign/bill) ----
    async vnMonths(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const u = await vnWallet.holder(db, caller);
      const all = monthSeries(await ledgerRead.walletMonths(db, u.company_id, ['vnd_wallet']), thisMonth()).map((t) => vnMonthOf(u.company_id, u.company_name, t));
      return { data: all.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: all.length };
    },
    async vnGet(db: Kysely<DB>, caller: Caller, month: string) {
      const u = await vnWallet.holder(db, caller);
      return vnStatement(db, u.company_id, u.company_name, month);
    },
    async operatorVnList(db: Kysely<DB>, p: { month: string; company: string; page_number: number; page_size: number }) {
      checkMonth(p.month);
      const { from, to } = monthBounds(p.month);
      // only a Vietnamese company has a dong wallet (docs/money.md#money-in-dong)
      const totals = await ledgerRead.walletTotalsByCompany(db, from, to, ['vnd_wallet']);
      const names = await repo.namesOf(db, totals.map((t) => t.company_id), p.company);
      const rows = totals.filter((t) => names.has(t.company_id))
        .map((t) => vnMonthOf(t.company_id, names.get(t.company_id)!, { month: p.month, opening: t.opening_fen, in: t.in_fen, out: t.out_fen, closing: t.opening_fen + t.in_fen + t.out_fen, count: t.n }))
        .sort((a, b) => b.count - a.count || a.company_id - b.company_id);
      return { data: rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: rows.length };
    },
    async operatorVnGet(db: Kysely<DB>, companyId: number, month: string) {
      return vnStatement(db, companyId, await vnCompanyNamed(db, companyId), month);
    },
  };
};

export type BillService = ReturnType<typeof createBillService>;
