/**
 * The performance bonus (业绩奖励, docs/bonus.md).
 *
 * - Rules: a rule set (bands) is in force from its China month until the next one; the operator
 *   saves one for this month or a later one (a past month keeps the rule it was counted by).
 * - Running figures: a seller's sales of the month are its completed orders' lines of rows marked
 *   in 业绩设置 for the buyer's province, less completed refunds on them (bonus.repo monthSales);
 *   the band reached gives the rate on the whole month, rounded down to the fen.
 * - Settlement: after a month ends, the operator (or the sweep from BONUS_SETTLE_DAY on) settles
 *   it: under the month's advisory lock, each seller with sales not settled yet gets its figures
 *   written once (unique per seller and month) and its bonus paid into its wallet by a ledger
 *   transaction keyed `bonus:<company>:<month>` — so two settlements, or two processes, pay once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import type { PayloadOut } from '../../../shared/contracts';
import {
  BONUS_SETTLE_DAY, bonusFigures, bonusText, chinaDayOfMonth, chinaMonthOf, chinaMonthRange, previousMonth, ruleFor, type BonusBand,
} from '../../../shared/domain/bonus';
import type { LedgerService } from '../ledger/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import * as audit from '../operation/audit.service';
import * as repo from './bonus.repo';

/** The platform's bonus budget: a provider-kind account, below zero by every bonus the platform has paid. */
export const BONUS_BUDGET = { kind: 'provider', provider: 'bonus' } as const;

export const createBonusService = (deps: { clock: Clock; ledger: LedgerService; wallet: Pick<WalletService, 'holder'> }) => {
  const { clock, ledger } = deps;

  const bandsFor = async (db: Kysely<DB>, month: string): Promise<BonusBand[] | null> => ruleFor(await repo.rules(db), month)?.bands ?? null;

  const figuresOf = (bands: BonusBand[] | null, s: repo.SellerSales) => ({ ...s, ...bonusFigures(bands, s.sales_fen) });

  /** Settles a month (ended): returns how many sellers were settled now, how many before, and what was paid now. */
  const settleMonth = (db: Kysely<DB>, month: string, by: Caller | null) => inTransaction(db, async (trx) => {
    await repo.lockMonth(trx, month);
    const bands = await bandsFor(trx, month);
    if (!bands) throw invalid('month', bonusText.noRule(month));
    const done = await repo.settledCompanies(trx, month);
    const { start, end } = chinaMonthRange(month);
    const now = clock.now();
    let settled = 0;
    let paid = 0;
    const written: Array<{ company_id: number; sales_fen: number; bonus_fen: number }> = [];
    for (const s of await repo.monthSales(trx, start, end, null)) {
      if (done.has(s.company_id) || s.sales_fen <= 0) continue;
      const f = bonusFigures(bands, s.sales_fen);
      let txId: number | null = null;
      if (f.bonus_fen > 0) {
        const posted = await ledger.post(trx, {
          kind: 'bonus', reference: `${month} 业绩奖励`, idempotency_key: `bonus:${s.company_id}:${month}`, created_by: by?.userId ?? null,
          lines: [{ account: BONUS_BUDGET, amount_fen: -f.bonus_fen }, { account: { kind: 'wallet_available', company_id: s.company_id }, amount_fen: f.bonus_fen }],
        });
        txId = posted.transaction_id;
      }
      await repo.insertSettlement(trx, {
        month, company_id: s.company_id, order_count: s.order_count, sales_fen: s.sales_fen, bands, band: f.band, rate_bp: f.rate_bp, bonus_fen: f.bonus_fen,
        ledger_transaction_id: txId, settled_by: by?.userId ?? null, settled_at: now,
      });
      settled += 1;
      paid += f.bonus_fen;
      written.push({ company_id: s.company_id, sales_fen: s.sales_fen, bonus_fen: f.bonus_fen });
    }
    if (by && settled > 0) {
      await audit.record(trx, by, now, [{ entity: 'bonus_settlement', entity_id: month, action: 'settle', new: { sellers: written, paid_fen: paid }, note: `${month} 结算 ${settled} 家，奖励 ${paid} 分` }]);
    }
    return { month, settled, already: done.size, paid_fen: paid };
  });

  return {
    async rules(db: Kysely<DB>) {
      const month = chinaMonthOf(clock.now());
      const all = await repo.rules(db);
      return { current_month: month, in_force: ruleFor(all, month)?.effective_month ?? '', rules: all };
    },

    async saveRule(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opBonusRuleSave'>) {
      if (p.effective_month < chinaMonthOf(clock.now())) throw invalid('effective_month', bonusText.effectivePast);
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const was = await repo.ruleOfMonth(trx, p.effective_month);
        await repo.saveRule(trx, { effective_month: p.effective_month, bands: p.bands, by: caller.userId, at: now });
        await audit.record(trx, caller, now, [{ entity: 'bonus_rule', entity_id: p.effective_month, action: was ? 'update' : 'create', old: was ?? undefined, new: p.bands }]);
        const saved = (await repo.rules(trx)).find((r) => r.effective_month === p.effective_month)!;
        return saved;
      });
    },

    async currentMonth(db: Kysely<DB>, p: PayloadOut<'opBonusCurrentMonth'>) {
      const month = chinaMonthOf(clock.now());
      const bands = await bandsFor(db, month);
      const { start, end } = chinaMonthRange(month);
      const k = p.k.trim();
      const all = (await repo.monthSales(db, start, end, null)).map((s) => figuresOf(bands, s))
        .filter((r) => k === '' || r.company_name.includes(k) || String(r.company_id) === k);
      const from = (p.page_number - 1) * p.page_size;
      return {
        month, bands, data: all.slice(from, from + p.page_size), total: all.length,
        sales_total_fen: all.reduce((s, r) => s + r.sales_fen, 0), bonus_total_fen: all.reduce((s, r) => s + r.bonus_fen, 0),
      };
    },

    async history(db: Kysely<DB>, p: PayloadOut<'opBonusHistory'>) {
      const r = await repo.settlements(db, { month: p.month, k: p.k, companyId: null, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return { data: r.rows, total: r.total, bonus_total_fen: r.bonus_total_fen, last_month: await repo.lastSettledMonth(db) };
    },

    async settle(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opBonusSettle'>) {
      if (p.month >= chinaMonthOf(clock.now())) throw invalid('month', bonusText.settleNotEnded);
      return settleMonth(db, p.month, caller);
    },

    /** A seller's own: this month's running figures and its settled months (the owner or an accounting code). */
    async mine(db: Kysely<DB>, caller: Caller) {
      const co = await repo.companyName(db, caller.companyId);
      if (!co?.is_seller) throw forbidden(bonusText.notSeller);
      await deps.wallet.holder(db, caller, bonusText.mineCodes);
      const month = chinaMonthOf(clock.now());
      const bands = await bandsFor(db, month);
      const { start, end } = chinaMonthRange(month);
      const s = (await repo.monthSales(db, start, end, caller.companyId))[0] ?? { company_id: caller.companyId, company_name: co.name, order_count: 0, sales_fen: 0 };
      const history = await repo.settlements(db, { month: '', k: '', companyId: caller.companyId, offset: 0, limit: 36 });
      return { month, bands, current: figuresOf(bands, s), history: history.rows };
    },

    /** The monthly sweep: from BONUS_SETTLE_DAY (China time) on, last month is settled if a rule was in force for it. */
    async sweep(db: Kysely<DB>, now: Date) {
      if (chinaDayOfMonth(now) < BONUS_SETTLE_DAY) return { settled: 0 };
      const month = previousMonth(chinaMonthOf(now));
      if (!(await bandsFor(db, month))) return { settled: 0 };
      const r = await settleMonth(db, month, null);
      return { settled: r.settled };
    },
  };
};

export type BonusService = ReturnType<typeof createBonusService>;
