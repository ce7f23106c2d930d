import { describe, expect, it } from 'vitest';
import { fullReductionText, gapText, nextTier, orderReduction, reachedTier, returnedReduction, splitReduction, tiersRefusal, tierText } from './full-reduction';

const tiers = [{ threshold_fen: 30000, reduce_fen: 3000 }, { threshold_fen: 50000, reduce_fen: 6000 }];

describe('满减 tiers', () => {
  it('accepts increasing tiers with reductions below their thresholds', () => {
    expect(tiersRefusal(tiers)).toBe('');
  });
  it('refuses no tiers, too many, a reduction at or above its threshold, thresholds or reductions not increasing', () => {
    expect(tiersRefusal([])).toBe(fullReductionText.tiers);
    expect(tiersRefusal(Array.from({ length: 6 }, (_, i) => ({ threshold_fen: (i + 2) * 1000, reduce_fen: (i + 1) * 100 })))).toBe(fullReductionText.tiers);
    expect(tiersRefusal([{ threshold_fen: 30000, reduce_fen: 30000 }])).toBe(fullReductionText.offNotBelow(1));
    expect(tiersRefusal([tiers[0], { threshold_fen: 40000, reduce_fen: 40001 }])).toBe(fullReductionText.offNotBelow(2));
    expect(tiersRefusal([tiers[1], tiers[0]])).toBe(fullReductionText.notIncreasing);
    expect(tiersRefusal([tiers[0], { threshold_fen: 30000, reduce_fen: 4000 }])).toBe(fullReductionText.notIncreasing);
    expect(tiersRefusal([tiers[0], { threshold_fen: 50000, reduce_fen: 3000 }])).toBe(fullReductionText.offNotIncreasing);
  });
  it('takes the highest tier reached, once (tiers do not repeat), and names the next', () => {
    expect(reachedTier(tiers, 29999)).toBeNull();
    expect(reachedTier(tiers, 30000)).toEqual(tiers[0]);
    expect(reachedTier(tiers, 49999)).toEqual(tiers[0]);
    expect(reachedTier(tiers, 200000)).toEqual(tiers[1]);
    expect(nextTier(tiers, 10000)).toEqual(tiers[0]);
    expect(nextTier(tiers, 30000)).toEqual(tiers[1]);
    expect(nextTier(tiers, 50000)).toBeNull();
  });
  it('writes tiers and gaps in yuan', () => {
    expect(tierText(tiers[0])).toBe('满300元减30元');
    expect(gapText(1050, 3000)).toBe('还差10.50元减30元');
  });
});

describe('splitting a reduction over lines', () => {
  it('splits in proportion, the remainder to the largest line, adding up exactly', () => {
    expect(splitReduction([10000, 20000], 3000)).toEqual([1000, 2000]);
    const s = splitReduction([10001, 10001, 30001], 1000);
    expect(s.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(s).toEqual([200, 200, 600]);
    expect(splitReduction([500, 500], 0)).toEqual([0, 0]);
  });
  it('never gives a line more than its amount', () => {
    const amounts = [1, 1, 99998];
    const s = splitReduction(amounts, 99999);
    s.forEach((x, i) => expect(x).toBeLessThanOrEqual(amounts[i]));
    expect(s.reduce((a, b) => a + b, 0)).toBe(99999);
  });
});

describe('an order’s 满减', () => {
  const a1 = { activityId: 1, name: '春季满减', tiers };
  const a2 = { activityId: 2, name: '小额满减', tiers: [{ threshold_fen: 10000, reduce_fen: 500 }] };
  const termsOf = (m: Record<number, typeof a1>) => (stockId: number) => m[stockId];

  it('sums only the lines of rows in the activity, takes the tier off and splits it over them', () => {
    const r = orderReduction([{ key: 1, stockId: 11, amount: 20000 }, { key: 2, stockId: 12, amount: 20000 }, { key: 3, stockId: 13, amount: 90000 }], termsOf({ 11: a1, 12: a1 }))!;
    expect(r).toMatchObject({ activityId: 1, goodsFen: 40000, offFen: 3000, nextGapFen: 10000, nextOffFen: 6000 });
    expect([...r.shares]).toEqual([[1, 1500], [2, 1500]]);
  });
  it('shows what is missing when no tier is reached, and is null without activity lines', () => {
    const r = orderReduction([{ key: 1, stockId: 11, amount: 25000 }], termsOf({ 11: a1 }))!;
    expect(r).toMatchObject({ offFen: 0, nextGapFen: 5000, nextOffFen: 3000 });
    expect(orderReduction([{ key: 1, stockId: 11, amount: 25000 }, { key: 2, stockId: null, amount: 5000 }], termsOf({}))).toBeNull();
  });
  it('takes one activity per order: the one taking off the most', () => {
    const r = orderReduction([{ key: 1, stockId: 11, amount: 30000 }, { key: 2, stockId: 21, amount: 10000 }], termsOf({ 11: a1, 21: a2 }))!;
    expect(r.activityId).toBe(1);
    expect(r.offFen).toBe(3000);
    expect(r.shares.has(2)).toBe(false);
  });
});

describe('returning goods of a reduced line', () => {
  it('gives back the whole share on a full return and rounds partial shares up', () => {
    expect(returnedReduction(1500, 3, 3)).toBe(1500);
    expect(returnedReduction(1000, 1, 3)).toBe(334);
    expect(returnedReduction(0, 1, 3)).toBe(0);
    // a line returned piece by piece takes back exactly its share, never a fen more
    const pieces = [0, 1, 2].map((before) => returnedReduction(1000, 1, 3, before));
    expect(pieces).toEqual([334, 333, 333]);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(returnedReduction(1000, 2, 3, 1)).toBe(666);
    expect(returnedReduction(1001, 1, 7, 6)).toBe(1001 - Math.ceil((1001 * 6) / 7));
  });
});
