import { describe, expect, it } from 'vitest';
import { activityText, buyRefusal } from './activities';
import { bundleOrderLines, bundleOrdinaryFen, bundleRefusal, bundleText, splitBundlePrice, type BundleRow } from './bundles';
import { returnedReduction } from './full-reduction';

const row = (id: number, qty: number, price: number, quantity = 100, extra: Partial<BundleRow> = {}): BundleRow =>
  ({ stockId: id, supplierOe: `OE${id}`, qty, quantity, on: true, prices: { price99: price, price0: null }, ...extra });

describe('组合套装 rules (docs/activities.md "组合套装")', () => {
  const pads = row(1, 2, 10_000);
  const disc = row(2, 1, 30_000);
  it('sums the rows\' everyday prices × quantities; a row without a price has none', () => {
    expect(bundleOrdinaryFen([pads, disc])).toBe(50_000);
    expect(bundleOrdinaryFen([pads, row(3, 1, 0)])).toBeNull();
  });
  it('accepts 2–5 rows with a saving and enough stock', () => {
    expect(bundleRefusal([pads, disc], 45_000, 10)).toBeNull();
    expect(bundleRefusal([1, 2, 3, 4, 5].map((i) => row(i, 1, 1000)), 4999, 1)).toBeNull();
  });
  it('refuses 1 row or more than 5, a row twice, a quantity of 0, a row off sale or without a price, each naming lines', () => {
    expect(bundleRefusal([pads], 5000, 1)).toEqual({ field: 'lines', text: bundleText.lines });
    expect(bundleRefusal([1, 2, 3, 4, 5, 6].map((i) => row(i, 1, 1000)), 100, 1)).toEqual({ field: 'lines', text: bundleText.lines });
    expect(bundleRefusal([pads, row(1, 1, 10_000)], 100, 1)).toEqual({ field: 'lines', text: bundleText.duplicate });
    expect(bundleRefusal([pads, row(2, 0, 30_000)], 100, 1)).toEqual({ field: 'lines', text: bundleText.lineQty });
    expect(bundleRefusal([pads, row(2, 1000, 30_000)], 100, 1)).toEqual({ field: 'lines', text: bundleText.lineQty });
    expect(bundleRefusal([pads, row(2, 1, 30_000, 100, { on: false })], 100, 1)).toEqual({ field: 'lines', text: bundleText.stockOff('OE2') });
    expect(bundleRefusal([pads, row(2, 1, 0)], 100, 1)).toEqual({ field: 'lines', text: bundleText.noPrice('OE2') });
  });
  it('refuses a price of 0 or one that saves nothing (equal or above the sum)', () => {
    expect(bundleRefusal([pads, disc], 0, 1)).toEqual({ field: 'bundle_price_fen', text: bundleText.price });
    expect(bundleRefusal([pads, disc], 50_000, 1)).toEqual({ field: 'bundle_price_fen', text: bundleText.priceNotBelow('¥500.00') });
    // an everyday sum past ¥1,000,000 would overflow the recorded amounts: refused on the rows
    const dear = row(3, 999, 1_000_000, 5_000);
    expect(bundleRefusal([dear, disc], 1_000, 1)).toEqual({ field: 'lines', text: bundleText.ordinaryTooLarge });
    expect(bundleRefusal([pads, disc], 60_000, 1)?.field).toBe('bundle_price_fen');
  });
  it('refuses more bundles than each row\'s stock allows, naming the row and the most', () => {
    expect(bundleRefusal([row(1, 2, 10_000, 9), disc], 45_000, 4)).toBeNull();
    expect(bundleRefusal([row(1, 2, 10_000, 9), disc], 45_000, 5)).toEqual({ field: 'bundle_qty', text: bundleText.qtyOverStock('OE1', 9, 4) });
    expect(bundleRefusal([pads, disc], 45_000, 0)).toEqual({ field: 'bundle_qty', text: bundleText.qty });
  });
});

describe('splitting a bundle price over its lines', () => {
  it('in proportion to the everyday amounts, the remainder on the last line, adding up exactly', () => {
    expect(splitBundlePrice([20_000, 30_000], 45_000)).toEqual([18_000, 27_000]);
    expect(splitBundlePrice([12_000, 12_000, 12_000], 10_000)).toEqual([3333, 3333, 3334]);
    const parts = splitBundlePrice([10_001, 10_001, 30_001], 40_000);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(40_000);
    expect(parts).toEqual([8000, 8000, 24_000]);
  });
  it('never gives a line more than its everyday amount (amounts of a few fen)', () => {
    const parts = splitBundlePrice([1, 1, 1], 2);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(2);
    parts.forEach((p) => expect(p).toBeLessThanOrEqual(1));
  });
  it('makes order lines at the everyday price with the saving as each line\'s share; a full return, piece by piece, refunds exactly what was paid', () => {
    const [a, b] = splitBundlePrice([20_000, 30_001], 45_000);
    const lines = bundleOrderLines([{ qty: 2, ordinary_fen: 10_000, share_fen: a }, { qty: 1, ordinary_fen: 30_001, share_fen: b }], 3);
    expect(lines.map((l) => l.qty)).toEqual([6, 3]);
    expect(lines.reduce((s, l) => s + l.amount_fen - l.reduction_fen, 0)).toBe(135_000);
    for (const l of lines) {
      let refunded = 0;
      for (let back = 0; back < l.qty; back++) refunded += l.unit_price_fen - returnedReduction(l.reduction_fen, 1, l.qty, back);
      expect(refunded).toBe(l.amount_fen - l.reduction_fen);
    }
  });
  it('counts bundles in the buyer\'s refusals', () => {
    expect(buyRefusal({ phase: 'running', left: 2, qty: 3, perBuyer: 5, bought: 0, own: false, unit: '套' })).toBe(activityText.notEnough(2, '套'));
    expect(activityText.overLimit(2, 1, '套')).toBe('每家企业限购2套，贵公司已购1套');
  });
});
