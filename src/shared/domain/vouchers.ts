/**
 * Vouchers (券, docs/vouchers.md): what a voucher takes off one seller order, whether a claim may be
 * used on it, and the best choice of claims for a checkout (one voucher per seller order, each
 * claim at most once). Pure: the server decides with it and the checkout page shows the same.
 */

export const VOUCHER_KINDS = ['amount', 'percent'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const VOUCHER_KIND_NAMES: Record<VoucherKind, string> = { amount: '满减券', percent: '折扣券' };

/** a buyer's claims on /ticket: 可用, 已使用, 已过期 */
export const VOUCHER_TABS = ['usable', 'used', 'expired'] as const;
export type VoucherTab = (typeof VOUCHER_TABS)[number];
export const VOUCHER_TAB_NAMES: Record<VoucherTab, string> = { usable: '可用', used: '已使用', expired: '已过期' };

export const VOUCHER_NAME_MAX = 30;
export const VOUCHER_TOTAL_MAX = 1_000_000;
export const VOUCHER_PER_COMPANY_MAX = 100;
export const VOUCHER_VALID_DAYS_MAX = 365;
/** the most fen one voucher may take off (10 万元) */
export const VOUCHER_FEN_MAX = 10_000_000;

export interface VoucherTerms {
  kind: VoucherKind;
  amount_fen: number;
  percent_off: number;
  cap_fen: number;
  min_order_fen: number;
  /** null: the platform's */
  issuer_company_id: number | null;
  /** a platform voucher's sellers (empty: all) */
  seller_ids: readonly number[];
  /** part groups the eligible lines must be of (empty: all lines) */
  category_ids: readonly number[];
}

export interface VoucherLine {
  amount_fen: number;
  /** the line's part group (terminology), null when it has none (a quote line) */
  category_id: number | null;
}

export interface VoucherGroup {
  seller_id: number;
  lines: readonly VoucherLine[];
}

export interface VoucherClaimView {
  claim_id: number;
  terms: VoucherTerms;
  valid_from: number;
  valid_until: number;
  state: 'unused' | 'used';
}

/** 满300减30 / 9折 最多减50 ; amounts shown in yuan. */
export const voucherOffer = (t: Pick<VoucherTerms, 'kind' | 'amount_fen' | 'percent_off' | 'cap_fen' | 'min_order_fen'>) => {
  const y = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));
  if (t.kind === 'amount') return `满${y(t.min_order_fen)}减${y(t.amount_fen)}`;
  const tenths = 100 - t.percent_off;
  const zhe = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${t.min_order_fen > 0 ? `满${y(t.min_order_fen)}` : ''}${zhe}折，最多减${y(t.cap_fen)}`;
};

/** Whether the voucher applies to this seller at all. */
export const appliesToSeller = (t: VoucherTerms, sellerId: number) =>
  t.issuer_company_id !== null ? t.issuer_company_id === sellerId : t.seller_ids.length === 0 || t.seller_ids.includes(sellerId);

/** The part of a seller order the voucher counts: its lines in the voucher's part groups (all lines without groups). */
export const eligibleFen = (t: VoucherTerms, g: VoucherGroup) => {
  if (!appliesToSeller(t, g.seller_id)) return 0;
  return g.lines.reduce((s, l) => (t.category_ids.length === 0 || (l.category_id !== null && t.category_ids.includes(l.category_id)) ? s + l.amount_fen : s), 0);
};

/** What the voucher takes off a seller order: 0 when the eligible amount does not reach the minimum. Always less than the eligible amount. */
export const discountFen = (t: VoucherTerms, g: VoucherGroup) => {
  const eligible = eligibleFen(t, g);
  if (eligible <= 0 || eligible < t.min_order_fen) return 0;
  const off = t.kind === 'amount' ? t.amount_fen : Math.min(t.cap_fen, Math.floor((eligible * t.percent_off) / 100));
  return Math.max(0, Math.min(off, eligible - 1));
};

/** Why this claim cannot be used on this seller order now (a Chinese sentence), or '' when it can. */
/**
 * What returning goods worth `goodsFen` at their line prices gives back when the order's lines came
 * to `linesFen` and a voucher took `voucherFen` off (docs/vouchers.md, "After-sales"): the goods less
 * their share of the discount, rounded in the buyer's disfavour by under a fen, so refunds never add
 * up to more than was paid and a full return gives back exactly what was paid.
 */
export const refundAfterVoucher = (goodsFen: number, linesFen: number, voucherFen: number) =>
  voucherFen <= 0 || linesFen <= 0 ? goodsFen : goodsFen - Math.ceil((voucherFen * goodsFen) / linesFen);

export const unusableReason = (c: VoucherClaimView, g: VoucherGroup, nowS: number) => {
  if (c.state === 'used') return '该优惠券已使用';
  if (nowS >= c.valid_until) return '该优惠券已过期';
  if (nowS < c.valid_from) return '该优惠券尚未到使用时间';
  if (!appliesToSeller(c.terms, g.seller_id)) return '该优惠券不适用于这个卖家的订单';
  const eligible = eligibleFen(c.terms, g);
  if (eligible <= 0) return '该订单中没有这张券适用的配件';
  if (eligible < c.terms.min_order_fen) return `未满使用金额：适用配件满 ¥${(c.terms.min_order_fen / 100).toFixed(2)} 才能使用`;
  return discountFen(c.terms, g) > 0 ? '' : '该优惠券对这个订单没有优惠';
};

type Pair = { seller: number; claim: VoucherClaimView; fen: number };

/** Largest discount first; ties to the claim that expires first (use it before it lapses), then the lower claim id. */
const better = (a: Pair, b: Pair) => b.fen - a.fen || a.claim.valid_until - b.claim.valid_until || a.claim.claim_id - b.claim.claim_id || a.seller - b.seller;

/** How many steps the exact search may take before it keeps the best found (a cart of many sellers and many claims). */
const SEARCH_BUDGET = 20_000;

/**
 * The best vouchers for a checkout: one per seller order, each claim at most once, the largest
 * total discount. Found by a search over the seller orders (each takes one of its usable claims
 * or none), pruned by what the remaining orders could at most add, and started from the greedy
 * choice (largest pair first), so a huge cart still gets at least that. Among equal totals the
 * search keeps the first found, whose claims are tried in the tie order of `better`. Answers
 * seller id → { claim_id, discount_fen }.
 */
export const bestVouchers = (groups: readonly VoucherGroup[], claims: readonly VoucherClaimView[], nowS: number) => {
  const options = groups.map((g) => claims.flatMap((c): Pair[] => (unusableReason(c, g, nowS) === '' ? [{ seller: g.seller_id, claim: c, fen: discountFen(c.terms, g) }] : [])).sort(better))
    .filter((o) => o.length > 0);
  // greedy start
  let bestPicks: Pair[] = [];
  {
    const taken = new Set<number>();
    const sellers = new Set<number>();
    for (const p of options.flat().sort(better)) {
      if (sellers.has(p.seller) || taken.has(p.claim.claim_id)) continue;
      bestPicks.push(p);
      sellers.add(p.seller);
      taken.add(p.claim.claim_id);
    }
  }
  let bestSum = bestPicks.reduce((s, p) => s + p.fen, 0);
  // what the orders from i on could add at most
  const rest = options.map((_, i) => options.slice(i).reduce((s, o) => s + o[0].fen, 0));
  let steps = 0;
  const picks: Pair[] = [];
  const used = new Set<number>();
  const walk = (i: number, sum: number) => {
    if (++steps > SEARCH_BUDGET) return;
    if (i === options.length) {
      if (sum > bestSum) { bestSum = sum; bestPicks = [...picks]; }
      return;
    }
    if (sum + rest[i] <= bestSum) return;
    for (const p of options[i]) {
      if (used.has(p.claim.claim_id)) continue;
      used.add(p.claim.claim_id);
      picks.push(p);
      walk(i + 1, sum + p.fen);
      picks.pop();
      used.delete(p.claim.claim_id);
    }
    walk(i + 1, sum);
  };
  walk(0, 0);
  return new Map(bestPicks.map((p) => [p.seller, { claim_id: p.claim.claim_id, discount_fen: p.fen }]));
};
