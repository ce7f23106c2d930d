/**
 * Activities (活动, docs/activities.md). The operator creates an activity (a window, its kind —
 * today 秒杀 — and a per-company limit); sellers apply stock rows with an activity price below the
 * row's everyday price and an activity quantity; the operator approves (the quantity leaves the
 * row into the item's reserve, under the row's lock) or rejects with a reason. While it runs,
 * buyers buy from the reserve: one conditional update per take, so concurrent buyers never
 * oversell, and one conditional upsert per company, so nobody passes the limit; each purchase is
 * an ordinary order (orders.service insertOrder) at the activity price. A cancelled order gives
 * its pieces back to the reserve until the activity is settled; at the end (or the operator's
 * 结束活动) the unsold reserve goes back to each row. A 组合套装 is one item of 2–5 rows whose
 * reserve counts bundles: approved, it takes pieces × bundles out of each row; bought, it is an
 * order of a line per row at the everyday price with its share of the saving (shared/domain/bundles).
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type Activity, type ActivityItem, type AnswerOf, type PayloadOut } from '../../../shared/contracts';
import {
  ACTIVITY_KIND_NAMES, ACTIVITY_PER_BUYER_MAX, activityUnit, reservedKind, type ActivityKind, ACTIVITY_PHASE_NAMES, ITEM_STATE_NAMES, activityPhase, activityPriceRefusal, activityText, buyRefusal, ordinaryPriceFen, windowRefusal,
  type ActivityPhase,
} from '../../../shared/domain/activities';
import { formatChina } from '../../../shared/domain/china-time';
import { fullReductionText, tiersRefusal, tiersText, type Tier } from '../../../shared/domain/full-reduction';
import { yuan } from '../../../shared/domain/money';
import { bundleOrderLines, bundleOrdinaryFen, bundleRefusal, bundleText, splitBundlePrice, type BundleRow } from '../../../shared/domain/bundles';
import { addEvent, insertOrder, onStockReturned, orderByNo } from '../orders/orders.service';
import { enqueueOrderEvent } from '../webhook/webhook.service';
import { refuseVnBuyer } from '../vnmall/vnmall.service';
import * as repo from './activity.repo';

/** the price column an activity's order lines are charged at */
export const ACTIVITY_PRICE_COLUMN = 'activity';

// a cancelled or rejected activity order gives its pieces back to the item's reserve, unless the
// activity was settled: then they stay on the row, where the orders module put them (docs/activities.md)
// (a 组合套装 order's lines go back together: its bundles into the reserve, each line's pieces off its row)
onStockReturned(async (trx, lines) => {
  const now = new Date();
  const activityLines = lines.filter((x) => x.price_column === ACTIVITY_PRICE_COLUMN);
  for (const orderId of [...new Set(activityLines.map((l) => l.order_id))]) {
    const o = await repo.activityOrderOf(trx, orderId);
    if (!o) continue;
    if (await repo.giveBackToReserve(trx, o, now)) {
      for (const l of activityLines.filter((x) => x.order_id === orderId)) {
        if (!(await repo.takeFromRow(trx, l.stock_id, l.qty))) throw new Error(`activity order ${l.order_id}: its pieces did not come back to row ${l.stock_id}`);
      }
    }
  }
});

type Ctx = Pick<RequestContext, 'afterCommit'>;

const notFound = () => new AppError(ResultCode.notFound, 404, activityText.notFound);
const itemNotFound = () => new AppError(ResultCode.notFound, 404, activityText.itemNotFound);
const s = (d: Date) => Math.floor(d.getTime() / 1000);
/** tiers compared by value (jsonb keeps its own key order) */
const tierKey = (tiers: readonly Tier[]) => tiers.map((t) => `${t.threshold_fen}:${t.reduce_fen}`).join(',');

const phaseOf = (a: { start_at: Date; end_at: Date; ended_at: Date | null }, now: Date): ActivityPhase =>
  activityPhase({ start_at: s(a.start_at), end_at: s(a.end_at), ended: a.ended_at !== null }, s(now));

const activityOut = (a: repo.ActivityRow, now: Date): Activity => {
  const phase = phaseOf(a, now);
  return {
    id: a.id, name: a.name, kind: a.kind, kind_name: ACTIVITY_KIND_NAMES[a.kind], tiers: a.tiers, tiers_text: tiersText(a.tiers), description: a.description, start_at: unix(a.start_at), end_at: unix(a.end_at),
    per_buyer: a.per_buyer, phase, phase_name: ACTIVITY_PHASE_NAMES[phase], ended_at: unix(a.ended_at), settled_at: unix(a.settled_at),
    pending: a.pending, approved: a.approved, reserved: a.reserved, sold: a.sold, created_at: unix(a.created_at),
  };
};

const lineOut = (l: repo.BundleLineRow) => ({
  stock_id: l.stock_id, supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, uom_name: l.uom_name, qty: l.qty, ordinary_fen: l.ordinary_fen, share_fen: l.share_fen, stock_qty: l.stock_qty,
});
const linesOf = (lines: readonly repo.BundleLineRow[], itemId: number) => lines.filter((l) => l.item_id === itemId).map(lineOut);

const itemOut = (i: repo.ItemRow, now: Date, lines: readonly repo.BundleLineRow[] = []): ActivityItem => ({
  id: i.id, activity_id: i.activity_id, activity_name: i.activity_name, activity_kind: i.activity_kind, activity_start_at: unix(i.activity_start_at), activity_end_at: unix(i.activity_end_at),
  activity_phase_name: ACTIVITY_PHASE_NAMES[phaseOf({ start_at: i.activity_start_at, end_at: i.activity_end_at, ended_at: i.activity_ended_at }, now)],
  company_id: i.company_id, company_name: i.company_name, stock_id: i.stock_id, supplier_oe: i.supplier_oe, name: i.name, brand_name: i.brand_name,
  stock_qty: i.stock_qty, ordinary_fen: i.ordinary_fen, activity_price_fen: i.activity_price_fen, activity_qty: i.activity_qty,
  state: i.state, state_name: ITEM_STATE_NAMES[i.state], reserved: i.reserved, sold: i.sold, returned: i.returned, reject_reason: i.reject_reason,
  applied_at: unix(i.applied_at), audited_at: unix(i.audited_at), lines: linesOf(lines, i.id),
});

const offerOut = (i: repo.ItemRow, lines: readonly repo.BundleLineRow[] = []) => ({
  item_id: i.id, stock_id: i.stock_id, company_id: i.company_id, company_name: i.company_name, supplier_oe: i.supplier_oe, name: i.name, brand_name: i.brand_name,
  uom_name: i.uom_name, ordinary_fen: i.ordinary_fen, activity_price_fen: i.activity_price_fen, activity_qty: i.activity_qty,
  left: i.returned_at ? 0 : Math.max(0, i.reserved - i.sold), sold: i.sold, lines: linesOf(lines, i.id),
});

/** items with their bundle lines (none for 秒杀 and 满减) */
const withLines = async (db: Kysely<DB>, items: readonly repo.ItemRow[]) => repo.bundleLines(db, items.filter((i) => i.activity_kind === 'bundle').map((i) => i.id));

const newOrderNo = (now: Date) => `SO${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const newCheckoutNo = (now: Date) => `CO${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/**
 * What a seller's application first checks: the caller's company sells, the activity exists and has
 * not ended, and it is of the form used (a bundle's rows, or one row for the other kinds).
 */
const openActivityFor = async (trx: Kysely<DB>, caller: Caller, activityId: number, now: Date, bundle: boolean) => {
  if (!(await repo.isSeller(trx, caller.companyId))) throw forbidden(activityText.notSeller);
  const a = await repo.activityById(trx, activityId);
  if (!a) throw invalid('activity_id', activityText.notFound);
  if (phaseOf(a, now) === 'ended') throw invalid('activity_id', activityText.activityEnded);
  if ((a.kind === 'bundle') !== bundle) throw invalid('activity_id', bundle ? bundleText.notBundle : bundleText.isBundle);
  return a;
};

export const createActivityService = ({ clock }: { clock: Clock }) => {
  const checkWindow = (p: { start_at: number; end_at: number }) => {
    const bad = windowRefusal(p.start_at, p.end_at, s(clock.now()));
    if (bad) throw invalid(bad.field, bad.text);
  };

  /** A kind's own terms: 秒杀 its per-company limit (no tiers), 满减 its tiers (no limit: stored as the largest). */
  const kindTerms = (p: { kind: ActivityKind; per_buyer?: number; tiers: Tier[] }): { per_buyer: number; tiers: Tier[] } => {
    // 秒杀 limits pieces, 组合套装 bundles (docs/activities.md "组合套装")
    if (reservedKind(p.kind)) {
      if (p.per_buyer === undefined) throw invalid('per_buyer', activityText.perBuyer);
      return { per_buyer: p.per_buyer, tiers: [] };
    }
    const bad = tiersRefusal(p.tiers);
    if (bad) throw invalid('tiers', bad);
    return { per_buyer: ACTIVITY_PER_BUYER_MAX, tiers: p.tiers.map((t) => ({ threshold_fen: t.threshold_fen, reduce_fen: t.reduce_fen })) };
  };

  /** an item as it is now, with its bundle lines */
  const itemNow = async (db: Kysely<DB>, id: number, now: Date) => {
    const i = (await repo.itemById(db, id))!;
    return itemOut(i, now, await withLines(db, [i]));
  };

  const activityNow = async (db: Kysely<DB>, id: number) => {
    const a = await repo.activityById(db, id);
    if (!a) throw notFound();
    return activityOut(a, clock.now());
  };

  /** Gives an ended activity's unsold reserves back, once (the activity row is locked and must be unsettled). */
  const settle = (db: Kysely<DB>, id: number, now: Date, endNow: boolean) =>
    inTransaction(db, async (trx) => {
      const a = await repo.lockActivity(trx, id);
      if (!a) throw notFound();
      if (a.settled_at) return false;
      const ended = a.ended_at !== null || a.end_at.getTime() <= now.getTime();
      if (!ended && !endNow) return false;
      await repo.settleItems(trx, id, now);
      await repo.updateActivity(trx, id, { settled_at: now, ...(ended ? {} : { ended_at: now }), updated_at: now });
      return true;
    });

  /** What one buyer company may buy of an item now: the item, its activity and the refusal ('' when it may). */
  const buyView = async (db: Kysely<DB>, caller: Caller, itemId: number, qty: number) => {
    // a Vietnamese company buys only in the Vietnam mall (docs/overseas.md)
    await refuseVnBuyer(db, caller);
    const i = await repo.itemById(db, itemId);
    // an approved item whose row was taken off sale (by its seller or the platform) sells no more; a bundle, none of its rows
    if (!i || i.state !== 'approved' || i.stock_state !== 'on') throw itemNotFound();
    // a 满减 row is bought through the cart, at its own price (docs/activities.md "满减")
    if (!reservedKind(i.activity_kind)) throw conflict(fullReductionText.notBuyable);
    const lines = i.activity_kind === 'bundle' ? await repo.bundleLines(db, [i.id]) : [];
    if (lines.some((l) => l.stock_state !== 'on')) throw itemNotFound();
    const a = (await repo.activityById(db, i.activity_id))!;
    const now = clock.now();
    const phase = phaseOf(a, now);
    const bought = await repo.boughtBy(db, itemId, caller.companyId);
    const left = i.returned_at ? 0 : Math.max(0, i.reserved - i.sold);
    const reason = buyRefusal({ phase, left, qty, perBuyer: a.per_buyer, bought, own: i.company_id === caller.companyId, unit: activityUnit(a.kind) });
    return { i, a, now, bought, left, reason, lines };
  };

  return {
    // ---- the storefront ----
    async list(db: Kysely<DB>) {
      const now = clock.now();
      const open = (await repo.openActivities(db, now)).filter((a) => phaseOf(a, now) !== 'ended');
      const items = await repo.approvedItems(db, open.map((a) => a.id));
      const lines = await withLines(db, items);
      // a bundle with a row off sale is not on sale
      const offered = items.filter((i) => lines.every((l) => l.item_id !== i.id || l.stock_state === 'on'));
      return { data: open.map((a) => ({ activity: activityOut(a, now), items: offered.filter((i) => i.activity_id === a.id).map((i) => offerOut(i, lines)) })) };
    },

    async orderInfo(db: Kysely<DB>, caller: Caller, p: PayloadOut<'activityOrderInfo'>): Promise<AnswerOf<'activityOrderInfo'>> {
      const { i, a, now, bought, left, reason, lines } = await buyView(db, caller, p.item_id, p.qty);
      return {
        activity: activityOut(a, now), item: offerOut(i, lines), qty: p.qty, unit_price_fen: i.activity_price_fen, total_fen: i.activity_price_fen * p.qty,
        ordinary_total_fen: i.ordinary_fen * p.qty, saved_fen: (i.ordinary_fen - i.activity_price_fen) * p.qty, per_buyer: a.per_buyer, bought,
        may_buy: Math.max(0, Math.min(left, a.per_buyer - bought)), reason,
      };
    },

    /**
     * 活动下单: in one transaction the reserve is taken by its conditional update, the company's
     * count by its conditional upsert, and the order placed at the activity price; any refusal
     * changes nothing.
     */
    complete: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'activityOrderComplete'>, ctx?: Ctx) =>
      inTransaction(db, async (trx): Promise<AnswerOf<'activityOrderComplete'>> => {
        const { i, a, now, reason, lines } = await buyView(trx, caller, p.item_id, p.qty);
        const unit = activityUnit(a.kind);
        if (reason) throw conflict(reason);
        const total = i.activity_price_fen * p.qty;
        if (total !== p.expected_total_fen) throw new AppError(ResultCode.conflict, 409, activityText.totalChanged(yuan(total)), { field: 'expected_total_fen' });
        if (!(await repo.takeReserve(trx, i.id, p.qty))) {
          const now2 = (await repo.itemById(trx, i.id))!;
          const left = now2.returned_at ? 0 : now2.reserved - now2.sold;
          throw conflict(now2.returned_at ? activityText.activityEnded : left <= 0 ? activityText.soldOut : activityText.notEnough(left, unit));
        }
        if (!(await repo.countBuyer(trx, i.id, caller.companyId, p.qty, a.per_buyer))) {
          throw conflict(activityText.overLimit(a.per_buyer, await repo.boughtBy(trx, i.id, caller.companyId), unit));
        }
        const orderNo = newOrderNo(now);
        // 组合套装: each row a line at its everyday price with its share of the saving, the order's reduction the saving (docs/activities.md "组合套装")
        const bundle = bundleOrderLines(lines, p.qty);
        const orderLines = a.kind === 'bundle'
          ? lines.map((l, n) => ({
            stock_id: l.stock_id, quote_id: null, type_code: '配件产品', supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, quality_name: '',
            uom_name: l.uom_name, include_tax: true, price_column: ACTIVITY_PRICE_COLUMN, ...bundle[n],
          }))
          : [{
            stock_id: i.stock_id, quote_id: null, type_code: '配件产品', supplier_oe: i.supplier_oe, name: i.name, brand_name: i.brand_name, quality_name: '',
            uom_name: i.uom_name, qty: p.qty, include_tax: true, price_column: ACTIVITY_PRICE_COLUMN, unit_price_fen: i.activity_price_fen, amount_fen: total,
          }];
        const saved = bundle.reduce((sum, l) => sum + l.reduction_fen, 0);
        const orderId = await insertOrder(trx, {
          order_no: orderNo, checkout_no: newCheckoutNo(now), buyer_company_id: caller.companyId, buyer_user_id: caller.userId, seller_company_id: i.company_id,
          line_count: orderLines.length, total_qty: orderLines.reduce((sum, l) => sum + l.qty, 0), total_fen: total, contact_name: p.contact_name, contact_phone: p.contact_phone, address: p.address,
          remark: p.remark ? `${a.name} · ${p.remark}` : a.name, created_at: now, ...(saved > 0 ? { reduction_fen: saved, reduction_activity_id: a.id } : {}),
        }, orderLines);
        await addEvent(trx, { order_id: orderId, action: 'create', actor_user_id: caller.userId, from_status: null, to_status: 'pending', note: `${ACTIVITY_KIND_NAMES[a.kind]}：${a.name}`, created_at: now });
        await repo.insertActivityOrder(trx, { order_id: orderId, item_id: i.id, activity_id: a.id, company_id: caller.companyId, qty: p.qty, created_at: now });
        const o = (await orderByNo(trx, orderNo))!;
        await enqueueOrderEvent(trx, 'order.created', o, now, ctx);
        return {
          order: {
            order_no: o.order_no, checkout_no: o.checkout_no, status: o.status, pay_status: o.pay_status, buyer_company_id: o.buyer_company_id,
            buyer_company_name: o.buyer_company_name, seller_company_id: o.seller_company_id, seller_company_name: o.seller_company_name, line_count: o.line_count,
            total_qty: o.total_qty, total_fen: Number(o.total_fen), deducted_fen: Number(o.deducted_fen), first_line: o.first_line ?? '', pay_channel: o.pay_channel ?? '',
            paid_fen: Number(o.paid_fen), refunded_fen: Number(o.refunded_fen), created_at: unix(o.created_at), spot: o.spot, confirm_by: unix(o.confirm_by), side: 'buyer',
          },
          total_fen: total,
        };
      }),

    // ---- the seller's 活动报名 ----
    async open(db: Kysely<DB>) {
      const now = clock.now();
      return { data: (await repo.openActivities(db, now)).map((a) => activityOut(a, now)) };
    },

    async stockOptions(db: Kysely<DB>, caller: Caller, q: string) {
      const rows = await repo.ownStock(db, caller.companyId, q);
      return {
        data: rows.flatMap((r) => {
          const ordinary = ordinaryPriceFen(r);
          return ordinary === null ? [] : [{ stock_id: r.id, supplier_oe: r.supplier_oe, name: r.name, brand_name: r.brand_name, quantity: r.quantity, ordinary_fen: ordinary }];
        }),
      };
    },

    async applications(db: Kysely<DB>, caller: Caller, p: PayloadOut<'activityApplications'>) {
      const { rows, total } = await repo.items(db, { companyId: caller.companyId, state: p.state, oldestFirst: false }, p.page_size, (p.page_number - 1) * p.page_size);
      const now = clock.now();
      const lines = await withLines(db, rows);
      return { data: rows.map((r) => itemOut(r, now, lines)), total };
    },

    apply: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'activityApply'>) =>
      inTransaction(db, async (trx) => {
        const now = clock.now();
        const a = await openActivityFor(trx, caller, p.activity_id, now, false);
        // the row's lock: two applications of one row go one after the other, so the overlap check holds
        const row = await repo.stockRow(trx, p.stock_id, true);
        if (!row || row.company_id !== caller.companyId) throw invalid('stock_id', activityText.notYourStock);
        if (row.state !== 'on') throw invalid('stock_id', activityText.stockOff);
        const seckill = a.kind === 'seckill';
        if (seckill && p.activity_price_fen === undefined) throw invalid('activity_price_fen', activityText.activityPrice);
        if (seckill && p.activity_qty === undefined) throw invalid('activity_qty', activityText.activityQty);
        // a 满减 row takes part at its own price, nothing reserved: it needs a price
        const priceBad = seckill ? activityPriceRefusal(p.activity_price_fen!, row) : ordinaryPriceFen(row) === null ? activityText.noPrice : '';
        if (priceBad) throw invalid(priceBad === activityText.noPrice ? 'stock_id' : 'activity_price_fen', priceBad);
        if (seckill && p.activity_qty! > row.quantity) throw invalid('activity_qty', activityText.qtyOverStock(row.quantity));
        const other = await repo.overlapping(trx, row.id, a.start_at, a.end_at, now);
        if (other) throw conflict(activityText.overlapping(other.name));
        const id = await repo.insertItem(trx, {
          activity_id: a.id, company_id: caller.companyId, stock_id: row.id, activity_price_fen: seckill ? p.activity_price_fen! : 0, ordinary_fen: ordinaryPriceFen(row)!,
          activity_qty: seckill ? p.activity_qty! : 0, applied_by: caller.userId, applied_at: now,
        });
        return itemNow(trx, id, now);
      }),

    /**
     * 报名组合套装 (docs/activities.md "组合套装"): under the locks of all its rows (in id order), the
     * bundle rules, then no row in an overlapping activity; the price split over the rows is recorded.
     */
    applyBundle: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'activityApplyBundle'>) =>
      inTransaction(db, async (trx) => {
        const now = clock.now();
        const a = await openActivityFor(trx, caller, p.activity_id, now, true);
        const locked = await repo.lockStockRows(trx, p.lines.map((l) => l.stock_id));
        const rows: BundleRow[] = [];
        for (const l of p.lines) {
          const r = locked.find((x) => x.id === l.stock_id);
          if (!r || r.company_id !== caller.companyId) throw invalid('lines', activityText.notYourStock);
          rows.push({ stockId: r.id, supplierOe: r.supplier_oe, qty: l.qty, quantity: r.quantity, on: r.state === 'on', prices: r });
        }
        const bad = bundleRefusal(rows, p.bundle_price_fen, p.bundle_qty);
        if (bad) throw invalid(bad.field, bad.text);
        for (const r of rows) {
          const other = await repo.overlapping(trx, r.stockId, a.start_at, a.end_at, now);
          if (other) throw conflict(`${r.supplierOe}：${activityText.overlapping(other.name)}`);
        }
        const ordinary = rows.map((r) => ordinaryPriceFen(r.prices)!);
        const shares = splitBundlePrice(rows.map((r, n) => ordinary[n] * r.qty), p.bundle_price_fen);
        const id = await repo.insertItem(trx, {
          activity_id: a.id, company_id: caller.companyId, stock_id: rows[0].stockId, activity_price_fen: p.bundle_price_fen, ordinary_fen: bundleOrdinaryFen(rows)!,
          activity_qty: p.bundle_qty, applied_by: caller.userId, applied_at: now,
        });
        await repo.insertBundleLines(trx, rows.map((r, n) => ({ item_id: id, position: n + 1, stock_id: r.stockId, qty: r.qty, ordinary_fen: ordinary[n], share_fen: shares[n] })));
        return itemNow(trx, id, now);
      }),

    // ---- the operator ----
    async opList(db: Kysely<DB>, p: PayloadOut<'opActivityList'>) {
      const now = clock.now();
      const { rows, total } = await repo.activities(db, { phase: p.phase, q: p.q, now }, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map((r) => activityOut(r, now)), total };
    },

    async opCreate(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opActivityCreate'>) {
      checkWindow(p);
      const terms = kindTerms(p);
      const id = await repo.insertActivity(db, {
        name: p.name, kind: p.kind, ...terms, description: p.description, start_at: new Date(p.start_at * 1000), end_at: new Date(p.end_at * 1000),
        created_by: caller.userId, created_at: clock.now(),
      });
      return activityNow(db, id);
    },

    opUpdate: (db: Kysely<DB>, p: PayloadOut<'opActivityUpdate'>) =>
      inTransaction(db, async (trx) => {
        const a = await repo.lockActivity(trx, p.id);
        if (!a) throw notFound();
        const now = clock.now();
        const phase = phaseOf(a, now);
        if (phase === 'ended') throw conflict(activityText.activityEnded);
        if (p.kind !== a.kind) throw invalid('kind', activityText.kindFixed);
        const terms = kindTerms(p);
        const timing = s(a.start_at) !== p.start_at || s(a.end_at) !== p.end_at || a.per_buyer !== terms.per_buyer || tierKey(a.tiers) !== tierKey(terms.tiers);
        if (timing && phase !== 'upcoming') throw conflict(activityText.started);
        if (timing) checkWindow(p);
        await repo.updateActivity(trx, a.id, {
          name: p.name, description: p.description, start_at: new Date(p.start_at * 1000), end_at: new Date(p.end_at * 1000), ...terms, updated_at: now,
        });
        return activityNow(trx, a.id);
      }),

    async opEnd(db: Kysely<DB>, id: number) {
      const a = await repo.activityById(db, id);
      if (!a) throw notFound();
      if (a.settled_at) throw conflict(activityText.activityEnded);
      await settle(db, id, clock.now(), true);
      return activityNow(db, id);
    },

    async opItems(db: Kysely<DB>, p: PayloadOut<'opActivityItems'>) {
      const { rows, total } = await repo.items(db, { activityId: p.activity_id, state: p.state, oldestFirst: true }, p.page_size, (p.page_number - 1) * p.page_size);
      const now = clock.now();
      const lines = await withLines(db, rows);
      return { data: rows.map((r) => itemOut(r, now, lines)), total };
    },

    /** 审核通过: under the activity's and the row's locks the price rule again, then the quantity leaves the row into the reserve. */
    opApprove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        // the activity first (an approval and the settlement go one after the other), then the item, then the row
        const seen = await repo.itemById(trx, id);
        if (!seen) throw itemNotFound();
        const a = (await repo.lockActivity(trx, seen.activity_id))!;
        const item = (await repo.lockItem(trx, id))!;
        const now = clock.now();
        if (item.state !== 'pending') throw conflict(activityText.notPending);
        if (a.settled_at || phaseOf(a, now) === 'ended') throw conflict(activityText.activityEnded);
        if (a.kind === 'bundle') {
          // 组合套装: the rule again against every row's prices now, then bundles × pieces out of each row (docs/activities.md "组合套装")
          const lines = await repo.bundleLines(trx, [id]);
          const locked = await repo.lockStockRows(trx, lines.map((l) => l.stock_id));
          const rows: BundleRow[] = lines.map((l) => {
            const r = locked.find((x) => x.id === l.stock_id)!;
            return { stockId: r.id, supplierOe: r.supplier_oe, qty: l.qty, quantity: r.quantity, on: r.state === 'on', prices: r };
          });
          const bad = bundleRefusal(rows, item.activity_price_fen, item.activity_qty);
          if (bad && bad.field !== 'bundle_qty') throw conflict(bad.text);
          for (const r of rows) {
            if (!(await repo.takeFromRow(trx, r.stockId, r.qty * item.activity_qty))) throw conflict(bundleText.approveShort(r.supplierOe, r.quantity));
          }
          const ordinary = rows.map((r) => ordinaryPriceFen(r.prices)!);
          const shares = splitBundlePrice(rows.map((r, n) => ordinary[n] * r.qty), item.activity_price_fen);
          for (const [n, l] of lines.entries()) await repo.setBundleLine(trx, id, l.position, { ordinary_fen: ordinary[n], share_fen: shares[n] });
          await repo.setItem(trx, id, { state: 'approved', reserved: item.activity_qty, ordinary_fen: bundleOrdinaryFen(rows)!, audited_by: caller.userId, audited_at: now });
          return itemNow(trx, id, now);
        }
        const row = (await repo.stockRow(trx, item.stock_id, true))!;
        if (a.kind !== 'seckill') {
          // 满减: nothing is reserved; the row takes part at its own price from now (docs/activities.md "满减")
          await repo.setItem(trx, id, { state: 'approved', ordinary_fen: ordinaryPriceFen(row) ?? item.ordinary_fen, audited_by: caller.userId, audited_at: now });
          return itemNow(trx, id, now);
        }
        const priceBad = activityPriceRefusal(item.activity_price_fen, row);
        if (priceBad) throw conflict(priceBad);
        if (!(await repo.takeFromRow(trx, row.id, item.activity_qty))) throw conflict(activityText.approveShort(row.quantity));
        await repo.setItem(trx, id, { state: 'approved', reserved: item.activity_qty, ordinary_fen: ordinaryPriceFen(row)!, audited_by: caller.userId, audited_at: now });
        return itemNow(trx, id, now);
      }),

    opReject: (db: Kysely<DB>, caller: Caller, id: number, reason: string) =>
      inTransaction(db, async (trx) => {
        const item = await repo.lockItem(trx, id);
        if (!item) throw itemNotFound();
        if (item.state !== 'pending') throw conflict(activityText.notPending);
        const now = clock.now();
        await repo.setItem(trx, id, { state: 'rejected', reject_reason: reason, audited_by: caller.userId, audited_at: now });
        return itemNow(trx, id, now);
      }),

    /** The activity sweep (activity-sweep.ts): every activity past its end is settled, each in its own transaction. */
    async settleEnded(db: Kysely<DB>, now: Date, limit = 100) {
      let n = 0;
      for (const a of await repo.unsettled(db, now, limit)) if (await settle(db, a.id, now, false)) n += 1;
      return n;
    },
  };
};

export type ActivityService = ReturnType<typeof createActivityService>;
