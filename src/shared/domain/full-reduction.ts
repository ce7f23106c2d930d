/**
 * 满减 (full reduction, docs/activities.md "满减"): an operator activity with tiers 满 X 元减 Y 元.
 * Per seller order, the goods of the rows approved in one running 满减 activity are summed (at the
 * price the cart charges, promotion plans included); the highest tier reached is taken off that
 * order, once (tiers do not repeat: 满300减30 takes 30 off 900 too), and split over those lines.
 * The rules both sides run, pure.
 */
export interface Tier { threshold_fen: number; reduce_fen: number }
/** the most tiers one activity has */
export const FULL_REDUCTION_TIERS_MAX = 5;
/** the largest threshold, fen (¥1 000 000) */
export const FULL_REDUCTION_THRESHOLD_MAX = 100_000_000;

export const fullReductionText = {
  tiers: `请填写满减档位（1到${FULL_REDUCTION_TIERS_MAX}档，满X元减Y元）`,
  notIncreasing: '满减档位的门槛应逐档递增',
  offNotBelow: (n: number) => `第${n}档的减免金额应小于门槛金额`,
  offNotIncreasing: '满减档位的减免金额应逐档递增',
  perBuyer: '秒杀活动须填写每家企业限购',
  notBuyable: '满减活动的商品请加入购物车购买，结算时自动减免',
  changed: '满减活动已变化',
} as const;

/** 满 X 元减 Y 元 */
const plainYuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));
export const tierText = (t: Tier) => `满${plainYuan(t.threshold_fen)}元减${plainYuan(t.reduce_fen)}元`;
/** 还差 N 元减 M 元 */
export const gapText = (gapFen: number, offFen: number) => `还差${plainYuan(gapFen)}元减${plainYuan(offFen)}元`;
export const tiersText = (tiers: readonly Tier[]) => tiers.map(tierText).join('，');

/**
 * Why these tiers cannot be an activity's ('' when they can): 1 to 5 tiers, each reduction above 0
 * and below its threshold, thresholds strictly increasing and reductions too (a higher tier that
 * took off no more would never be better).
 */
export const tiersRefusal = (tiers: readonly Tier[]): string => {
  if (tiers.length < 1 || tiers.length > FULL_REDUCTION_TIERS_MAX) return fullReductionText.tiers;
  for (const [n, t] of tiers.entries()) {
    if (t.reduce_fen >= t.threshold_fen) return fullReductionText.offNotBelow(n + 1);
    if (n > 0 && t.threshold_fen <= tiers[n - 1].threshold_fen) return fullReductionText.notIncreasing;
    if (n > 0 && t.reduce_fen <= tiers[n - 1].reduce_fen) return fullReductionText.offNotIncreasing;
  }
  return '';
};

/** the highest tier `goodsFen` reaches, or null */
export const reachedTier = (tiers: readonly Tier[], goodsFen: number): Tier | null =>
  tiers.reduce<Tier | null>((best, t) => (goodsFen >= t.threshold_fen ? t : best), null);

/** the first tier above `goodsFen` (what 还差 N 元减 M 元 names), or null when the highest is reached */
export const nextTier = (tiers: readonly Tier[], goodsFen: number): Tier | null => tiers.find((t) => goodsFen < t.threshold_fen) ?? null;

/**
 * Splits `offFen` over lines of these amounts in proportion (each its floor), the remainder of the
 * rounding to the largest line (the first of equals), so the shares add up to `offFen` exactly; no
 * share passes its line (what the largest cannot take goes to the next largest).
 */
export const splitReduction = (amounts: readonly number[], offFen: number): number[] => {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (offFen <= 0 || sum <= 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.floor((a * offFen) / sum));
  let left = Math.min(offFen, sum) - shares.reduce((s, x) => s + x, 0);
  // the remainder to the largest line, then (only where a line would pass its amount) the next largest
  const order = amounts.map((_, i) => i).sort((x, y) => amounts[y] - amounts[x] || x - y);
  for (const i of order) {
    const give = Math.min(left, amounts[i] - shares[i]);
    shares[i] += give;
    left -= give;
  }
  return shares;
};

/** a running 满减 activity a stock row is approved in */
export interface FullReductionTerms { activityId: number; name: string; tiers: readonly Tier[] }
export interface ReductionLine { key: number; stockId: number | null; amount: number }
export interface OrderReduction {
  activityId: number; name: string; tiers: readonly Tier[];
  /** the goods of the activity's rows on this order */
  goodsFen: number;
  /** what is taken off (0: no tier reached yet) */
  offFen: number;
  /** 还差 N 元减 M 元: the next tier's gap and reduction (0, 0 at the highest) */
  nextGapFen: number; nextOffFen: number;
  /** each line's share of offFen, by key (lines outside the activity have none) */
  shares: Map<number, number>;
}

/**
 * The 满减 of one seller order: for each running 满减 activity among its lines, the goods of its
 * lines and the tier reached; one activity per order, the one taking off the most (the lowest id
 * of equals; with none reached, the one closest to its next tier is shown). Null when no line is
 * in a running 满减 activity.
 */
export const orderReduction = (lines: readonly ReductionLine[], termsOf: (stockId: number) => FullReductionTerms | undefined): OrderReduction | null => {
  const by = new Map<number, { terms: FullReductionTerms; lines: ReductionLine[] }>();
  for (const l of lines) {
    const terms = l.stockId === null ? undefined : termsOf(l.stockId);
    if (!terms || l.amount <= 0) continue;
    const g = by.get(terms.activityId) ?? { terms, lines: [] };
    g.lines.push(l);
    by.set(terms.activityId, g);
  }
  let best: OrderReduction | null = null;
  for (const { terms, lines: own } of [...by.values()].sort((a, b) => a.terms.activityId - b.terms.activityId)) {
    const goodsFen = own.reduce((s, l) => s + l.amount, 0);
    const offFen = reachedTier(terms.tiers, goodsFen)?.reduce_fen ?? 0;
    const next = nextTier(terms.tiers, goodsFen);
    const split = splitReduction(own.map((l) => l.amount), offFen);
    const r: OrderReduction = {
      activityId: terms.activityId, name: terms.name, tiers: terms.tiers, goodsFen, offFen,
      nextGapFen: next ? next.threshold_fen - goodsFen : 0, nextOffFen: next?.reduce_fen ?? 0, shares: new Map(own.map((l, i) => [l.key, split[i]])),
    };
    const closer = best && best.offFen === 0 && r.offFen === 0 && r.nextGapFen > 0 && (best.nextGapFen === 0 || r.nextGapFen < best.nextGapFen);
    if (!best || r.offFen > best.offFen || closer) best = r;
  }
  return best;
};

/**
 * What returning `qty` of a line of `lineQty` pieces, after `returnedBefore` of its pieces went back
 * in earlier after-sales, takes back of its share of the 满减: the share of the pieces returned so
 * far, rounded up, less the share of those returned before. Partial returns never add up to more
 * than the buyer paid, and once every piece is back they have taken back exactly the line's share
 * (three returns of one piece of a 1,000-fen share: 334, 333, 333).
 */
export const returnedReduction = (lineReductionFen: number, qty: number, lineQty: number, returnedBefore = 0) => {
  if (lineReductionFen <= 0 || lineQty <= 0) return 0;
  const shareOf = (pieces: number) => (pieces >= lineQty ? lineReductionFen : Math.ceil((lineReductionFen * pieces) / lineQty));
  const before = Math.max(0, Math.min(lineQty, returnedBefore));
  return shareOf(Math.min(lineQty, before + qty)) - shareOf(before);
};
