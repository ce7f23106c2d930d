import { describe, expect, it } from 'vitest';
import { bestPromo, promoApplies, promoMove, promoOffer, promoPrice, promoStateName, type PromoBuyer, type PromoRow, type PromoTerms } from './promo-plans';

const NOW = 1_800_000_000;
const plan = (p: Partial<PromoTerms> = {}): PromoTerms => ({
  id: 1, company_id: 2, kind: 'percent', percent_off: 10, off_fen: 0, min_price_fen: 0, scope: 'all', part_brand_ids: [], category_ids: [],
  buyers: 'all', price_levels: [], customer_ids: [], state: 'active', start_at: NOW - 3600, end_at: NOW + 3600, ...p,
});
const row = (r: Partial<PromoRow> = {}): PromoRow => ({ seller_id: 2, part_brand_id: 7, category_id: 9, ...r });
const buyer = (b: Partial<PromoBuyer> = {}): PromoBuyer => ({ company_id: 3, level: 'member', ...b });

describe('the price under one plan', () => {
  it('takes the percent off and rounds half up to whole fen', () => {
    expect(promoPrice(10_000, plan())).toBe(9000);
    // 1999 × 0.9 = 1799.1 → 1799; 1995 × 0.9 = 1795.5 → 1796; 15 × 0.67 = 10.05 → 10
    expect(promoPrice(1999, plan())).toBe(1799);
    expect(promoPrice(1995, plan())).toBe(1796);
    expect(promoPrice(15, plan({ percent_off: 33 }))).toBe(10);
  });
  it('takes a fixed amount off each piece', () => {
    expect(promoPrice(10_000, plan({ kind: 'amount', percent_off: 0, off_fen: 1500 }))).toBe(8500);
  });
  it('never goes below the floor nor below 1 fen, and leaves a price at or under the floor as it is', () => {
    expect(promoPrice(10_000, plan({ kind: 'amount', percent_off: 0, off_fen: 20_000 }))).toBe(1);
    expect(promoPrice(1, plan({ percent_off: 99 }))).toBeNull();
    expect(promoPrice(10_000, plan({ percent_off: 50, min_price_fen: 8000 }))).toBe(8000);
    expect(promoPrice(8000, plan({ percent_off: 50, min_price_fen: 8000 }))).toBeNull();
    expect(promoPrice(7000, plan({ percent_off: 50, min_price_fen: 8000 }))).toBeNull();
  });
  it('says the offer in words', () => {
    expect(promoOffer(plan())).toBe('9折');
    expect(promoOffer(plan({ percent_off: 15 }))).toBe('8.5折');
    expect(promoOffer(plan({ kind: 'amount', percent_off: 0, off_fen: 500 }))).toBe('每件减¥5.00');
  });
});

describe('which plan applies', () => {
  it('only while active and within its window', () => {
    expect(promoApplies(plan(), row(), buyer(), NOW)).toBe(true);
    expect(promoApplies(plan({ state: 'paused' }), row(), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ state: 'draft' }), row(), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ start_at: NOW + 1 }), row(), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ end_at: NOW }), row(), buyer(), NOW)).toBe(false);
  });
  it('only to its own seller\'s rows, never to the seller buying from itself', () => {
    expect(promoApplies(plan(), row({ seller_id: 5 }), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan(), row(), buyer({ company_id: 2 }), NOW)).toBe(false);
  });
  it('by brand or part group', () => {
    expect(promoApplies(plan({ scope: 'brands', part_brand_ids: [7] }), row(), buyer(), NOW)).toBe(true);
    expect(promoApplies(plan({ scope: 'brands', part_brand_ids: [8] }), row(), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ scope: 'brands', part_brand_ids: [7] }), row({ part_brand_id: null }), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ scope: 'categories', category_ids: [9] }), row(), buyer(), NOW)).toBe(true);
    expect(promoApplies(plan({ scope: 'categories', category_ids: [10] }), row(), buyer(), NOW)).toBe(false);
  });
  it('to chosen customer levels or customers', () => {
    expect(promoApplies(plan({ buyers: 'levels', price_levels: ['wholesale'] }), row(), buyer({ level: 'wholesale' }), NOW)).toBe(true);
    expect(promoApplies(plan({ buyers: 'levels', price_levels: ['wholesale'] }), row(), buyer(), NOW)).toBe(false);
    expect(promoApplies(plan({ buyers: 'customers', customer_ids: [3] }), row(), buyer(), NOW)).toBe(true);
    expect(promoApplies(plan({ buyers: 'customers', customer_ids: [4] }), row(), buyer(), NOW)).toBe(false);
  });
  it('the lowest price wins, never stacked; equal prices go to the earlier plan', () => {
    const a = plan({ id: 1, percent_off: 10 });
    const b = plan({ id: 2, kind: 'amount', percent_off: 0, off_fen: 1500 });
    const c = plan({ id: 3, percent_off: 15 });
    expect(bestPromo([a, b], row(), buyer(), 10_000, NOW)).toEqual({ plan: b, fen: 8500 });
    expect(bestPromo([c, b], row(), buyer(), 10_000, NOW)).toEqual({ plan: b, fen: 8500 });
    // at 20 000 the percent takes more: 17 000 against 18 500
    expect(bestPromo([a, b, c], row(), buyer(), 20_000, NOW)?.plan.id).toBe(3);
    expect(bestPromo([a, plan({ id: 4, state: 'paused', percent_off: 50 })], row(), buyer(), 10_000, NOW)).toEqual({ plan: a, fen: 9000 });
    expect(bestPromo([], row(), buyer(), 10_000, NOW)).toBeNull();
  });
});

describe('states', () => {
  it('names them, an active plan past its end as 已结束', () => {
    expect(promoStateName(plan({ state: 'draft' }), NOW)).toBe('草稿');
    expect(promoStateName(plan(), NOW)).toBe('进行中');
    expect(promoStateName(plan({ start_at: NOW + 10 }), NOW)).toBe('未开始');
    expect(promoStateName(plan({ end_at: NOW }), NOW)).toBe('已结束');
    expect(promoStateName(plan({ state: 'paused' }), NOW)).toBe('已暂停');
    expect(promoStateName(plan({ state: 'ended' }), NOW)).toBe('已结束');
  });
  it('moves: 启用 from draft or paused, 暂停 from active, 结束 from all but ended', () => {
    expect(promoMove('draft', 'activate')).toBe('active');
    expect(promoMove('paused', 'activate')).toBe('active');
    expect(promoMove('active', 'activate')).toBeNull();
    expect(promoMove('active', 'pause')).toBe('paused');
    expect(promoMove('draft', 'pause')).toBeNull();
    expect(promoMove('draft', 'end')).toBe('ended');
    expect(promoMove('ended', 'end')).toBeNull();
    expect(promoMove('ended', 'activate')).toBeNull();
  });
});
