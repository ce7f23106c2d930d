/**
 * Points (积分, docs/points.md). The points ledger is built like the money ledger (docs/money.md):
 * `post` writes one transaction whose entries sum to zero, once per idempotency key, with the
 * accounts it moves locked in ascending id order; the database refuses rewrites, unbalanced
 * transactions and balance changes outside an entry (migration 0700).
 *
 * - Earning: an order that completes earns its buyer company points by the operator's rules
 *   (`earnOnOrderCompleted`, called by the orders module in the completing transaction).
 * - Reversal: a refund of a completed order takes back the refunded share (`reverseOnRefund`,
 *   called by the order refunds in their transaction). It may leave a company below zero: a debt
 *   later earnings repay, and nothing can be redeemed meanwhile.
 * - Redemption: points off, stock off and a 待发货 redemption, one transaction; the product row
 *   and then the company's account are locked, so two tabs spending at once queue and the second
 *   is refused with 积分不足 when the first left too little.
 * - Expiry: at each China year end, what is left of that year's points expires (first in, first
 *   out), after a notice `notice_days` before (`sweep`, run by points-sweep.ts).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type PointsEntry, type PointsProduct, type PointsRuleView, type Redemption } from '../../../shared/contracts';
import { formatChina, inChina } from '../../../shared/domain/china-time';
import {
  chinaYear, expiryNoticeDue, pointsForOrder, pointsText, pointsToExpire, pointsToReverse, POINTS_CODES, redemptionTransition, yearEndCutoff, type PointsTxKind,
} from '../../../shared/domain/points';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import type { ImService } from '../im/im.service';
import * as audit from '../operation/audit.service';
import * as repo from './points.repo';
import type { PointsAccountRef } from './points.repo';

export interface PointsPosting {
  kind: PointsTxKind;
  company_id: number;
  reference: string;
  note?: string;
  idempotency_key: string;
  created_by: number | null;
  lines: ReadonlyArray<{ account: PointsAccountRef; points: number }>;
  /** refuse (积分不足) when the company's account would go below zero */
  floor: boolean;
}

/** Posts one points transaction (or finds the one its key made); returns the company's balance after it. */
export const postPoints = async (db: Kysely<DB>, p: PointsPosting, now: Date): Promise<{ replayed: boolean; balance: number }> => inTransaction(db, async (trx) => {
  if (p.lines.length < 2 || p.lines.reduce((s, l) => s + l.points, 0) !== 0 || p.lines.some((l) => !Number.isSafeInteger(l.points) || l.points === 0)) {
    throw new Error(`unbalanced points posting ${p.kind}`);
  }
  await repo.lockKey(trx, p.idempotency_key);
  const prior = await repo.transactionByKey(trx, p.idempotency_key);
  const ids = await Promise.all(p.lines.map((l) => repo.ensureAccount(trx, l.account)));
  if (prior) {
    const had = await repo.entriesOf(trx, prior.id);
    const asked = p.lines.map((l, i) => ({ account_id: ids[i], points: l.points })).sort((a, b) => a.account_id - b.account_id);
    const same = prior.kind === p.kind && prior.reference === p.reference && had.length === asked.length
      && had.every((e, i) => e.account_id === asked[i].account_id && Number(e.points) === asked[i].points);
    if (!same) throw conflict(pointsText.keyReused);
    return { replayed: true, balance: await repo.companyBalance(trx, p.company_id) };
  }
  const locked = await repo.lockAccounts(trx, [...ids].sort((a, b) => a - b));
  const company = locked.find((a) => a.kind === 'company');
  const delta = p.lines.reduce((s, l, i) => (ids[i] === company?.id ? s + l.points : s), 0);
  if (p.floor && company && delta < 0 && Number(company.balance) + delta < 0) throw conflict(pointsText.insufficient(Number(company.balance), -delta));
  const t = await repo.insertTransaction(trx, {
    kind: p.kind, company_id: p.company_id, reference: p.reference, note: p.note ?? '', idempotency_key: p.idempotency_key, created_by: p.created_by, created_at: now,
  });
  await repo.insertEntries(trx, p.lines.map((l, i) => ({ transaction_id: t.id, account_id: ids[i], points: l.points, created_at: now })).sort((a, b) => a.account_id - b.account_id));
  return { replayed: false, balance: await repo.companyBalance(trx, p.company_id) };
});

const ISSUED: PointsAccountRef = { kind: 'issued' };
const REDEEMED: PointsAccountRef = { kind: 'redeemed' };
const EXPIRED: PointsAccountRef = { kind: 'expired' };
const companyAccount = (company_id: number): PointsAccountRef => ({ kind: 'company', company_id });

/** The China month [start, end) of a moment. */
const chinaMonth = (at: Date) => {
  const m = inChina(at).startOf('month');
  return { from: m.toDate(), to: m.add(1, 'month').toDate() };
};

/**
 * An order that just completed (its row locked by the caller) earns its buyer company points, once:
 * on what was paid less refunds so far, by the rules now (docs/points.md, "Earning and refunds").
 */
export const earnOnOrderCompleted = async (trx: Kysely<DB>, orderId: string, now: Date, createdBy: number | null): Promise<number> => {
  const o = await repo.orderForPoints(trx, orderId);
  if (!o || o.status !== 'completed' || (await repo.earningOf(trx, orderId))) return 0;
  const rule = await repo.setting(trx);
  const companyId = o.buyer_company_id;
  // the company's month cap: its earnings are counted under its account's lock
  await repo.lockAccounts(trx, [await repo.ensureAccount(trx, companyAccount(companyId))]);
  const month = chinaMonth(now);
  const base = Math.max(0, Number(o.paid_fen) - Number(o.refunded_fen));
  const points = pointsForOrder({
    rule, categoryRates: new Map((await repo.categoryRates(trx)).map((c) => [c.category, c.per_100_yuan])),
    lines: (await repo.orderLinesForPoints(trx, orderId)).map((l) => ({ amount_fen: Number(l.amount_fen), category: l.category })),
    paid_fen: base, earnedThisMonth: await repo.earnedBetween(trx, companyId, month.from, month.to),
  });
  await repo.insertEarning(trx, { order_id: orderId, order_no: o.order_no, company_id: companyId, base_fen: base, points, created_at: now });
  if (points > 0) {
    await postPoints(trx, {
      kind: 'earn', company_id: companyId, reference: o.order_no, note: `订单完成，实付 ${(base / 100).toFixed(2)} 元`, idempotency_key: `earn:${o.order_no}`,
      created_by: createdBy, floor: false, lines: [{ account: ISSUED, points: -points }, { account: companyAccount(companyId), points }],
    }, now);
  }
  return points;
};

/**
 * After a refund of an order (its refunded amount already raised in this transaction): the points
 * its completion earned on what is no longer paid are taken back, under the refund's own key.
 */
export const reverseOnRefund = async (trx: Kysely<DB>, orderId: string, refundKey: string, now: Date, createdBy: number | null): Promise<number> => {
  const earned = await repo.earningOf(trx, orderId);
  if (!earned || Number(earned.points) === 0) return 0;
  const o = (await repo.orderForPoints(trx, orderId))!;
  const n = pointsToReverse({
    earned: Number(earned.points), base_fen: Number(earned.base_fen), left_fen: Number(o.paid_fen) - Number(o.refunded_fen),
    alreadyReversed: await repo.reversedForOrder(trx, o.order_no),
  });
  if (n <= 0) return 0;
  await postPoints(trx, {
    kind: 'reverse', company_id: earned.company_id, reference: o.order_no, note: '订单退款，扣回相应积分', idempotency_key: `reverse:${refundKey}`,
    created_by: createdBy, floor: false, lines: [{ account: companyAccount(earned.company_id), points: -n }, { account: ISSUED, points: n }],
  }, now);
  return n;
};

const mayHold = async (db: Kysely<DB>, caller: Caller) => {
  if (hasAnyPermission(caller.permissions, POINTS_CODES)) return;
  const u = await db.selectFrom('app_user').select('is_owner').where('id', '=', caller.userId).executeTakeFirst();
  if (!u?.is_owner) throw forbidden(pointsText.noRight);
};

const entryShape = (r: { id: number; kind: string; points: number; balance_after: number; reference: string; note: string; created_at: Date }): PointsEntry => ({
  id: Number(r.id), kind: r.kind as PointsTxKind, points: Number(r.points), balance_after: Number(r.balance_after), reference: r.reference, note: r.note, created_at: unix(r.created_at),
});
const productShape = (r: NonNullable<Awaited<ReturnType<typeof repo.productById>>>): PointsProduct => ({
  id: r.id, name: r.name, description: r.description, image: r.image, points: r.points, stock: r.stock, enabled: r.enabled, updated_at: unix(r.updated_at),
});
const redemptionShape = (r: repo.RedemptionRow): Redemption => ({
  id: Number(r.id), redemption_no: r.redemption_no, company_id: r.company_id, company_name: r.company_name, user_name: r.user_name, product_id: r.product_id, product_name: r.product_name,
  qty: r.qty, points_each: r.points_each, points_total: Number(r.points_total), contact_name: r.contact_name, contact_phone: r.contact_phone, address: r.address,
  status: r.status, logistics_company: r.logistics_company ?? '', logistics_no: r.logistics_no ?? '', cancel_reason: r.cancel_reason ?? '',
  created_at: unix(r.created_at), shipped_at: unix(r.shipped_at), cancelled_at: unix(r.cancelled_at),
});

const redemptionNotFound = () => new AppError(ResultCode.notFound, 404, pointsText.redemptionNotFound);
const productNotFound = () => new AppError(ResultCode.notFound, 404, pointsText.productNotFound);

export const createPointsService = (deps: { clock: Clock; notices?: Pick<ImService, 'postNotice'> }) => {
  const { clock } = deps;

  const ruleView = async (db: Kysely<DB>): Promise<PointsRuleView> => {
    const [s, cats] = await Promise.all([repo.setting(db), repo.categoryRates(db)]);
    return {
      enabled: s.enabled, per_100_yuan: s.per_100_yuan, order_cap: s.order_cap, month_cap: s.month_cap, notice_days: s.notice_days,
      categories: cats.map((c) => ({ category: c.category, per_100_yuan: c.per_100_yuan })), updated_at: unix(s.updated_at),
    };
  };

  /** What expires at the end of this China year if nothing more is spent: the balance (earlier years expired already). */
  const expiringNow = (balance: number) => Math.max(0, balance);

  const redemptionOut = async (db: Kysely<DB>, no: string) => redemptionShape((await repo.redemptionByNo(db, no))!);

  /** 待发货 → 已发货 / 已取消 (points and stock back), under the redemption's row lock. */
  const moveRedemption = async (db: Kysely<DB>, caller: Caller, no: string, action: 'ship' | 'cancel', extra: { logistics_company?: string; logistics_no?: string; reason?: string }) => {
    await inTransaction(db, async (trx) => {
      const r = await repo.lockRedemption(trx, no);
      if (!r) throw redemptionNotFound();
      const step = redemptionTransition(r.status, action);
      if (!step.ok) throw conflict(step.reason);
      const now = clock.now();
      if (action === 'ship') {
        await repo.setRedemption(trx, no, { status: 'shipped', logistics_company: extra.logistics_company, logistics_no: extra.logistics_no, shipped_at: now });
      } else {
        // the product first, then the accounts: the same order as a redemption takes them
        await repo.lockProduct(trx, r.product_id);
        await repo.setRedemption(trx, no, { status: 'cancelled', cancel_reason: extra.reason, cancelled_at: now });
        await repo.returnStock(trx, r.product_id, r.qty);
        await postPoints(trx, {
          kind: 'redeem_cancel', company_id: r.company_id, reference: no, note: `兑换取消：${extra.reason ?? ''}`, idempotency_key: `redeem_cancel:${no}`,
          created_by: caller.userId, floor: false, lines: [{ account: REDEEMED, points: -Number(r.points_total) }, { account: companyAccount(r.company_id), points: Number(r.points_total) }],
        }, now);
      }
      await audit.record(trx, caller, now, [{
        entity: 'points_redemption', entity_id: no, action: action === 'ship' ? 'ship' : 'cancel',
        old: { status: r.status }, new: { status: step.to, ...extra }, note: extra.reason ?? `${extra.logistics_company ?? ''} ${extra.logistics_no ?? ''}`.trim(),
      }]);
    });
    return redemptionOut(db, no);
  };

  return {
    // ---- a company's own ----
    async summary(db: Kysely<DB>, caller: Caller) {
      await mayHold(db, caller);
      const balance = await repo.companyBalance(db, caller.companyId);
      const totals = (await repo.companyTotals(db, [caller.companyId]))[0];
      return {
        balance, expiring: expiringNow(balance), expires_at: unix(yearEndCutoff(chinaYear(clock.now()))),
        earned_total: Number(totals?.earned ?? 0), spent_total: Number(totals?.spent ?? 0), rule: await ruleView(db),
      };
    },
    async entries(db: Kysely<DB>, caller: Caller, p: PayloadOut<'pointsEntries'>) {
      await mayHold(db, caller);
      const { rows, total } = await repo.companyEntries(db, caller.companyId, p.kind, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(entryShape), total };
    },
    async mall(db: Kysely<DB>, caller: Caller, p: PayloadOut<'pointsProductSearch'>) {
      await mayHold(db, caller);
      const { rows, total } = await repo.products(db, { k: p.k, enabled: 'true', limit: p.page_size, offset: (p.page_number - 1) * p.page_size, mall: true });
      return { data: rows.map(productShape), total };
    },
    async redeem(db: Kysely<DB>, caller: Caller, p: PayloadOut<'pointsRedeem'>) {
      await mayHold(db, caller);
      const no = await inTransaction(db, async (trx) => {
        const product = await repo.lockProduct(trx, p.product_id);
        if (!product) throw invalid('product_id', pointsText.productNotFound);
        if (!product.enabled) throw conflict(pointsText.productOff);
        if (product.stock < p.qty) throw conflict(pointsText.stockShort(product.stock));
        const now = clock.now();
        const redemptionNo = `PR${formatChina(unix(now), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
        const total = product.points * p.qty;
        await repo.insertRedemption(trx, {
          redemption_no: redemptionNo, company_id: caller.companyId, user_id: caller.userId, product_id: product.id, product_name: product.name, qty: p.qty,
          points_each: product.points, points_total: total, contact_name: p.contact_name, contact_phone: p.contact_phone, address: p.address, created_at: now,
        });
        await postPoints(trx, {
          kind: 'redeem', company_id: caller.companyId, reference: redemptionNo, note: `兑换 ${product.name} × ${p.qty}`, idempotency_key: `redeem:${redemptionNo}`,
          created_by: caller.userId, floor: true, lines: [{ account: companyAccount(caller.companyId), points: -total }, { account: REDEEMED, points: total }],
        }, now);
        if (!(await repo.takeStock(trx, product.id, p.qty))) throw conflict(pointsText.stockShort(product.stock));
        return redemptionNo;
      });
      return { redemption: await redemptionOut(db, no), balance: await repo.companyBalance(db, caller.companyId) };
    },
    async myRedemptions(db: Kysely<DB>, caller: Caller, p: PayloadOut<'pointsRedemptions'>) {
      await mayHold(db, caller);
      const { rows, total } = await repo.redemptions(db, { companyId: caller.companyId, status: '', k: '', limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { data: rows.map(redemptionShape), total };
    },

    // ---- the operator's ----
    async companies(db: Kysely<DB>, p: PayloadOut<'opPointsCompanies'>) {
      const { rows, total, total_balance } = await repo.companyAccounts(db, { k: p.k, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      const totals = new Map((await repo.companyTotals(db, rows.map((r) => r.company_id))).map((t) => [t.company_id, t]));
      return {
        data: rows.map((r) => ({
          company_id: r.company_id, company_name: r.company_name, balance: Number(r.balance),
          earned_total: Number(totals.get(r.company_id)?.earned ?? 0), spent_total: Number(totals.get(r.company_id)?.spent ?? 0),
        })),
        total, total_balance,
      };
    },
    async companyEntries(db: Kysely<DB>, p: PayloadOut<'opPointsCompanyEntries'>) {
      const { rows, total } = await repo.companyEntries(db, p.company_id, '', p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(entryShape), total };
    },
    async adjust(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPointsAdjust'>) {
      return inTransaction(db, async (trx) => {
        if (!(await repo.companyExists(trx, p.company_id))) throw invalid('company_id', pointsText.companyNotFound);
        const now = clock.now();
        let posted;
        try {
          posted = await postPoints(trx, {
            kind: 'adjust', company_id: p.company_id, reference: `adjust:${p.company_id}`, note: p.reason, idempotency_key: `adjust:${p.company_id}:${randomUUID()}`,
            created_by: caller.userId, floor: true, lines: [{ account: ISSUED, points: -p.points }, { account: companyAccount(p.company_id), points: p.points }],
          }, now);
        } catch (e) {
          if (e instanceof AppError && e.httpStatus === 409 && p.points < 0) throw invalid('points', pointsText.adjustBelowZero(await repo.companyBalance(trx, p.company_id)));
          throw e;
        }
        if (!posted.replayed) {
          await audit.record(trx, caller, now, [{ entity: 'points_account', entity_id: p.company_id, action: 'points_adjust', old: { balance: posted.balance - p.points }, new: { balance: posted.balance, points: p.points }, note: p.reason }]);
        }
        return { company_id: p.company_id, balance: posted.balance };
      });
    },
    rule: ruleView,
    async saveRule(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPointsRuleSave'>) {
      await inTransaction(db, async (trx) => {
        await repo.lockSetting(trx);
        const old = await ruleView(trx);
        const now = clock.now();
        const next = { enabled: p.enabled, per_100_yuan: p.per_100_yuan, order_cap: p.order_cap, month_cap: p.month_cap, notice_days: p.notice_days };
        await repo.saveRule(trx, next, p.categories, caller.userId, now);
        const { updated_at: _u, ...was } = old;
        await audit.record(trx, caller, now, [{ entity: 'points_rule', entity_id: 1, action: 'update', old: was, new: { ...next, categories: p.categories } }]);
      });
      return ruleView(db);
    },
    async products(db: Kysely<DB>, p: PayloadOut<'opPointsProducts'>) {
      const { rows, total } = await repo.products(db, { k: p.k, enabled: p.enabled, limit: p.page_size, offset: (p.page_number - 1) * p.page_size, mall: false });
      return { data: rows.map(productShape), total };
    },
    async saveProduct(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPointsProductSave'>) {
      const id = await inTransaction(db, async (trx) => {
        const old = p.id ? await repo.lockProduct(trx, p.id) : undefined;
        if (p.id && !old) throw productNotFound();
        if (await repo.productNameTaken(trx, p.name, p.id)) throw invalid('name', pointsText.nameTaken);
        const now = clock.now();
        const next: repo.ProductWrite = { name: p.name, description: p.description, image: p.image, points: p.points, stock: p.stock, enabled: p.enabled };
        if (!old) {
          const row = await repo.insertProduct(trx, next, caller.userId, now);
          await audit.record(trx, caller, now, [{ entity: 'points_product', entity_id: row.id, action: 'create', new: next, note: p.name }]);
          return row.id;
        }
        const before: repo.ProductWrite = { name: old.name, description: old.description, image: old.image, points: old.points, stock: old.stock, enabled: old.enabled };
        const changed = (Object.keys(next) as (keyof repo.ProductWrite)[]).filter((k) => next[k] !== before[k]);
        if (changed.length > 0) {
          await repo.updateProduct(trx, old.id, next, caller.userId, now);
          await audit.record(trx, caller, now, [{
            entity: 'points_product', entity_id: old.id, action: 'update', note: p.name,
            old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, next[k]])),
          }]);
        }
        return old.id;
      });
      return productShape((await repo.productById(db, id))!);
    },
    async orders(db: Kysely<DB>, p: PayloadOut<'opPointsOrders'>) {
      const { rows, total } = await repo.redemptions(db, { status: p.status, k: p.k, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { data: rows.map(redemptionShape), total };
    },
    ship: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPointsOrderShip'>) =>
      moveRedemption(db, caller, p.redemption_no, 'ship', { logistics_company: p.logistics_company, logistics_no: p.logistics_no }),
    cancel: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPointsOrderCancel'>) => moveRedemption(db, caller, p.redemption_no, 'cancel', { reason: p.reason }),

    /**
     * The points sweep (points-sweep.ts): after a China year's end, each company's points left of
     * that year expire (once per company and year, under the key); within `notice_days` before a
     * year's end, each company holding points is told once in the message assistant.
     */
    async sweep(db: Kysely<DB>, now: Date, limit = 500) {
      const s = await repo.setting(db);
      let expired = 0;
      let noticed = 0;
      const lastYear = chinaYear(now) - 1;
      const cutoff = yearEndCutoff(lastYear);
      let after = 0;
      for (;;) {
        const batch = await repo.companiesWithPoints(db, after, limit);
        if (batch.length === 0) break;
        after = batch[batch.length - 1].company_id;
        for (const c of batch) {
          const done = await inTransaction(db, async (trx) => {
            const [acct] = await repo.lockAccounts(trx, [c.id]);
            const { before, outflow } = await repo.balanceAtAndOutflowSince(trx, c.id, cutoff);
            const n = pointsToExpire({ balanceAtCutoff: before, outflowSinceCutoff: outflow, balanceNow: Number(acct.balance) });
            if (n <= 0) return false;
            const r = await postPoints(trx, {
              kind: 'expire', company_id: c.company_id, reference: String(lastYear), note: `${lastYear}年获得的积分于年底过期`, idempotency_key: `expire:${c.company_id}:${lastYear}`,
              created_by: null, floor: true, lines: [{ account: companyAccount(c.company_id), points: -n }, { account: EXPIRED, points: n }],
            }, now);
            return !r.replayed;
          });
          if (done) expired += 1;
        }
        if (batch.length < limit) break;
      }
      if (deps.notices && expiryNoticeDue(now, s.notice_days)) {
        const year = chinaYear(now);
        const endDay = `${year}-12-31`;
        after = 0;
        for (;;) {
          const batch = await repo.companiesWithPoints(db, after, limit);
          if (batch.length === 0) break;
          after = batch[batch.length - 1].company_id;
          for (const c of batch) {
            const later: Array<() => void> = [];
            await inTransaction(db, async (trx) => {
              if (!(await repo.markNotice(trx, c.company_id, year, Number(c.balance), now))) return;
              const to = await repo.holders(trx, c.company_id, POINTS_CODES);
              await deps.notices!.postNotice(trx, {
                to, event: `pts-expire-${c.company_id}-${year}`,
                notice: { title: '积分即将过期', scene: 'im_points_expiring', values: { points: String(c.balance), end_day: endDay }, facts: { points: String(c.balance), end_day: endDay }, no: String(year), link: '/points' },
              }, { afterCommit: (fn) => later.push(fn) });
              noticed += 1;
            });
            for (const fn of later) fn();
          }
          if (batch.length < limit) break;
        }
      }
      return { expired, noticed };
    },
  };
};

export type PointsService = ReturnType<typeof createPointsService>;
