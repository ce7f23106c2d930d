import { describe, expect, it } from 'vitest';
import { bestVouchers, discountFen, refundAfterVoucher, unusableReason, voucherOffer, type VoucherClaimView, type VoucherGroup, type VoucherTerms } from './vouchers';

const NOW = 1_800_000_000;
const terms = (t: Partial<VoucherTerms>): VoucherTerms => ({
  kind: 'amount', amount_fen: 1000, percent_off: 0, cap_fen: 0, min_order_fen: 5000, issuer_company_id: null, seller_ids: [], category_ids: [], ...t,
});
const claim = (id: number, t: Partial<VoucherTerms>, c: Partial<VoucherClaimView> = {}): VoucherClaimView => ({
  claim_id: id, terms: terms(t), valid_from: NOW - 100, valid_until: NOW + 86_400, state: 'unused', ...c,
});
const group = (seller: number, ...amounts: Array<number | [number, number | null]>): VoucherGroup => ({
  seller_id: seller, lines: amounts.map((a) => (Array.isArray(a) ? { amount_fen: a[0], category_id: a[1] } : { amount_fen: a, category_id: null })),
});

describe('what a voucher takes off one seller order', () => {
  it('an amount voucher takes its amount once the minimum is reached, nothing below it', () => {
    expect(discountFen(terms({}), group(2, 5000))).toBe(1000);
    expect(discountFen(terms({}), group(2, 4999))).toBe(0);
  });
  it('a percent voucher takes its share of the eligible amount, rounded down, at most its cap', () => {
    const t = terms({ kind: 'percent', amount_fen: 0, percent_off: 10, cap_fen: 3000, min_order_fen: 0 });
    expect(discountFen(t, group(2, 12_345))).toBe(1234);
    expect(discountFen(t, group(2, 100_000))).toBe(3000);
  });
  it('a voucher limited to part groups counts only their lines, for the minimum too', () => {
    const t = terms({ category_ids: [7] });
    expect(discountFen(t, group(2, [4000, 7], [9000, 8]))).toBe(0);
    expect(discountFen(t, group(2, [6000, 7], [9000, 8]))).toBe(1000);
    expect(unusableReason(claim(1, { category_ids: [7] }), group(2, [9000, 8]), NOW)).toBe('该订单中没有这张券适用的配件');
  });
  it("a seller's voucher only fits its own orders; a platform voucher the sellers it names, or all", () => {
    expect(unusableReason(claim(1, { issuer_company_id: 2 }), group(5, 9000), NOW)).toBe('该优惠券不适用于这个卖家的订单');
    expect(unusableReason(claim(1, { issuer_company_id: 2 }), group(2, 9000), NOW)).toBe('');
    expect(unusableReason(claim(1, { seller_ids: [2, 3] }), group(5, 9000), NOW)).toBe('该优惠券不适用于这个卖家的订单');
    expect(unusableReason(claim(1, {}), group(5, 9000), NOW)).toBe('');
  });
  it('a used, expired or not yet valid claim is refused with its reason', () => {
    expect(unusableReason(claim(1, {}, { state: 'used' }), group(2, 9000), NOW)).toBe('该优惠券已使用');
    expect(unusableReason(claim(1, {}, { valid_until: NOW }), group(2, 9000), NOW)).toBe('该优惠券已过期');
    expect(unusableReason(claim(1, {}, { valid_from: NOW + 1 }), group(2, 9000), NOW)).toBe('该优惠券尚未到使用时间');
    expect(unusableReason(claim(1, {}), group(2, 4000), NOW)).toMatch(/^未满使用金额/);
  });
  it('never takes the whole order', () => {
    const t = terms({ kind: 'percent', amount_fen: 0, percent_off: 99, cap_fen: 1_000_000, min_order_fen: 0 });
    expect(discountFen(t, group(2, 1))).toBe(0);
    expect(discountFen(t, group(2, 2))).toBe(1);
  });
  it('reads as people write it', () => {
    expect(voucherOffer(terms({ min_order_fen: 30000, amount_fen: 3000 }))).toBe('满300减30');
    expect(voucherOffer(terms({ kind: 'percent', percent_off: 12, cap_fen: 5000, min_order_fen: 0 }))).toBe('8.8折，最多减50');
  });
});

describe('the best vouchers for a checkout', () => {
  it('each seller order takes its largest voucher', () => {
    const best = bestVouchers([group(2, 20_000)], [claim(1, { amount_fen: 1000 }), claim(2, { amount_fen: 3000, min_order_fen: 15_000 }), claim(3, { amount_fen: 4000, min_order_fen: 30_000 })], NOW);
    expect(best.get(2)).toEqual({ claim_id: 2, discount_fen: 3000 });
  });
  it('one claim is used once: the total over the cart is the largest, not each order greedily', () => {
    // claim 1 gives 10 yuan to either seller; claim 2 only fits seller 2 (8 yuan): greedy would give claim 1 to seller 2 and leave seller 3 bare
    const claims = [claim(1, { amount_fen: 1000, min_order_fen: 1001 }, {}), claim(2, { amount_fen: 800, min_order_fen: 801, issuer_company_id: 2 })];
    const groups = [group(2, 10_000), group(3, 10_000)];
    const best = bestVouchers(groups, claims, NOW);
    expect(best.get(2)).toEqual({ claim_id: 2, discount_fen: 800 });
    expect(best.get(3)).toEqual({ claim_id: 1, discount_fen: 1000 });
  });
  it('between equal discounts the claim that expires first is used', () => {
    const best = bestVouchers([group(2, 9000)], [claim(1, {}, { valid_until: NOW + 9000 }), claim(2, {}, { valid_until: NOW + 100 })], NOW);
    expect(best.get(2)?.claim_id).toBe(2);
  });
  it('no usable voucher: the order takes none', () => {
    expect(bestVouchers([group(2, 100)], [claim(1, {})], NOW).size).toBe(0);
    expect(bestVouchers([group(2, 9000)], [claim(1, {}, { state: 'used' }), claim(2, {}, { valid_until: NOW - 1 })], NOW).size).toBe(0);
  });
  it('a large cart stays within the search budget and keeps at least the greedy choice', () => {
    const groups = Array.from({ length: 40 }, (_, i) => group(100 + i, 50_000));
    const claims = Array.from({ length: 60 }, (_, i) => claim(i + 1, { amount_fen: 1000 + i, min_order_fen: 20_000 }));
    const best = bestVouchers(groups, claims, NOW);
    expect(best.size).toBe(40);
    expect(new Set([...best.values()].map((b) => b.claim_id)).size).toBe(40);
    expect([...best.values()].reduce((s, b) => s + b.discount_fen, 0)).toBe(Array.from({ length: 40 }, (_, i) => 1000 + 59 - i).reduce((a, b) => a + b, 0));
  });
});

describe('an after-sale refund of an order a voucher paid part of', () => {
  it('gives back the goods less their share of the discount: a full return exactly what was paid', () => {
    // lines 1000 yuan, 100 off: 900 paid
    expect(refundAfterVoucher(100_000, 100_000, 10_000)).toBe(90_000);
    // one of two equal lines: half the discount stays with it
    expect(refundAfterVoucher(50_000, 100_000, 10_000)).toBe(45_000);
    // uneven shares never add up to more than was paid
    const parts = [33_333, 33_333, 33_334].map((g) => refundAfterVoucher(g, 100_000, 10_001));
    expect(parts.reduce((s, x) => s + x, 0)).toBeLessThanOrEqual(100_000 - 10_001);
    // no voucher: the line prices as before
    expect(refundAfterVoucher(12_345, 100_000, 0)).toBe(12_345);
  });
});
