/**
 * Sellers' promotion plans (营销 · 促销计划, docs/promotions.md): the rule, shared by the server
 * (which decides) and the pages (which explain). Pure; money is integer fen.
 *
 * - A plan takes a percent (1–99) or a fixed amount per piece off the unit price the buyer would
 *   pay; a percent price is rounded half up to whole fen.
 * - The price never goes below the plan's floor (最低促销价) nor below 1 fen, and never above the
 *   price before it: a row already at or below the floor keeps its price (the plan does not apply).
 * - Of several plans that apply to one row for one buyer, the one giving the lowest price wins;
 *   equal prices: the plan created first (lowest id). Plans never stack.
 */
import type { CustomerPriceLevel } from './customer';

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_SCOPES = ['all', 'brands', 'categories'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];
export const PROMO_BUYERS = ['all', 'levels', 'customers'] as const;
export type PromoBuyers = (typeof PROMO_BUYERS)[number];
export const PROMO_STATES = ['draft', 'active', 'paused', 'ended'] as const;
export type PromoState = (typeof PROMO_STATES)[number];
/** what a seller does to a plan's state */
export const PROMO_ACTIONS = ['activate', 'pause', 'end'] as const;
export type PromoAction = (typeof PROMO_ACTIONS)[number];

export const PROMO_NAME_MAX = 30;
export const PROMO_LIST_MAX = 200;
export const PROMO_FEN_MAX = 99_999_999;

/** The permission code of 营销 (M13): a seller's own plans. */
export const PROMO_CODES = ['M13'] as const;

export interface PromoTerms {
  id: number;
  company_id: number;
  kind: PromoKind;
  percent_off: number;
  off_fen: number;
  min_price_fen: number;
  scope: PromoScope;
  part_brand_ids: readonly number[];
  category_ids: readonly number[];
  buyers: PromoBuyers;
  price_levels: readonly string[];
  customer_ids: readonly number[];
  state: PromoState;
  /** unix seconds */
  start_at: number;
  end_at: number;
}

/** 9折 (percent 10 off), 8.5折, 每件减¥5.00 */
export const promoOffer = (p: Pick<PromoTerms, 'kind' | 'percent_off' | 'off_fen'>) => {
  if (p.kind === 'amount') return `每件减¥${(p.off_fen / 100).toFixed(2)}`;
  const left = 100 - p.percent_off;
  return `${left % 10 === 0 ? left / 10 : (left / 10).toFixed(1)}折`;
};

/** The price under one plan, or null when the plan takes nothing off this price (floors). */
export const promoPrice = (listFen: number, p: Pick<PromoTerms, 'kind' | 'percent_off' | 'off_fen' | 'min_price_fen'>): number | null => {
  if (!Number.isInteger(listFen) || listFen <= 0) return null;
  const raw = p.kind === 'percent' ? Math.floor((listFen * (100 - p.percent_off) + 50) / 100) : listFen - p.off_fen;
  const floor = Math.max(1, p.min_price_fen);
  const price = Math.max(raw, floor);
  return price < listFen ? price : null;
};

/** What a row is as a plan sees it. */
export interface PromoRow { seller_id: number; part_brand_id: number | null; category_id: number | null }
/** Who buys, as a plan sees them: the company and its 客户等级 at this row's seller. */
export interface PromoBuyer { company_id: number; level: CustomerPriceLevel }

/** Is the plan live at this moment (active and within its window)? */
export const promoLive = (p: Pick<PromoTerms, 'state' | 'start_at' | 'end_at'>, nowSeconds: number) =>
  p.state === 'active' && p.start_at <= nowSeconds && nowSeconds < p.end_at;

/** Does the plan apply to this row for this buyer now? */
export const promoApplies = (p: PromoTerms, row: PromoRow, buyer: PromoBuyer, nowSeconds: number) => {
  if (p.company_id !== row.seller_id || buyer.company_id === p.company_id || !promoLive(p, nowSeconds)) return false;
  if (p.scope === 'brands' && (row.part_brand_id === null || !p.part_brand_ids.includes(row.part_brand_id))) return false;
  if (p.scope === 'categories' && (row.category_id === null || !p.category_ids.includes(row.category_id))) return false;
  if (p.buyers === 'levels' && !p.price_levels.includes(buyer.level)) return false;
  if (p.buyers === 'customers' && !p.customer_ids.includes(buyer.company_id)) return false;
  return true;
};

/** The best plan for a row at this list price: the lowest price, ties to the earliest plan; null when none takes anything off. */
export const bestPromo = <P extends PromoTerms>(plans: readonly P[], row: PromoRow, buyer: PromoBuyer, listFen: number, nowSeconds: number): { plan: P; fen: number } | null => {
  let best: { plan: P; fen: number } | null = null;
  for (const p of plans) {
    if (!promoApplies(p, row, buyer, nowSeconds)) continue;
    const fen = promoPrice(listFen, p);
    if (fen === null) continue;
    if (!best || fen < best.fen || (fen === best.fen && p.id < best.plan.id)) best = { plan: p, fen };
  }
  return best;
};

/** The state in words: 草稿, 未开始, 进行中, 已暂停, 已结束 (an active plan past its end is 已结束). */
export const promoStateName = (p: Pick<PromoTerms, 'state' | 'start_at' | 'end_at'>, nowSeconds: number) =>
  p.state === 'draft' ? '草稿' : p.state === 'paused' ? '已暂停' : p.state === 'ended' || p.end_at <= nowSeconds ? '已结束' : p.start_at > nowSeconds ? '未开始' : '进行中';

/** Which moves a state allows: 启用 from draft or paused, 暂停 from active, 结束 from anything but ended. */
export const promoMove = (from: PromoState, action: PromoAction): PromoState | null => {
  if (action === 'activate') return from === 'draft' || from === 'paused' ? 'active' : null;
  if (action === 'pause') return from === 'active' ? 'paused' : null;
  return from === 'ended' ? null : 'ended';
};
