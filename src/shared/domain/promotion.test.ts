import { describe, expect, it } from 'vitest';
import { normalizePromotionCode, promotionDiscount, promotionRefusal, promotionState, promotionText, type PromotionRule } from './promotion';

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  kind: 'percent', value: 20, level_id: null, starts_at: 1000, ends_at: 2000, max_uses: null, active: true, ...over,
});
const at = (over: Partial<Parameters<typeof promotionRefusal>[1]> = {}) => ({
  now: 1500, level_id: 2, code_level_name: '', price_fen: 198000, uses: 0, company_used: false, start_day: '2026-12-01', ...over,
});

describe('promotion codes', () => {
  it('takes the percentage or the amount off, never leaving less than ¥1 to pay', () => {
    expect(promotionDiscount({ kind: 'percent', value: 20 }, 198000)).toBe(39600);
    expect(promotionDiscount({ kind: 'percent', value: 15 }, 999)).toBe(149);
    expect(promotionDiscount({ kind: 'amount', value: 50000 }, 198000)).toBe(50000);
    expect(promotionDiscount({ kind: 'amount', value: 500000 }, 198000)).toBe(197900);
    expect(promotionDiscount({ kind: 'amount', value: 500 }, 100)).toBe(0);
  });

  it('is usable only while active, between its days, on its package, once per company and within its uses', () => {
    expect(promotionRefusal(rule(), at())).toBeNull();
    expect(promotionRefusal(rule({ active: false }), at())).toBe(promotionText.disabled);
    expect(promotionRefusal(rule(), at({ now: 999 }))).toBe(promotionText.upcoming('2026-12-01'));
    expect(promotionRefusal(rule(), at({ now: 2000 }))).toBe(promotionText.expired);
    expect(promotionRefusal(rule({ level_id: 3 }), at({ code_level_name: '钻石会员' }))).toBe('该优惠码仅适用于“钻石会员”套餐');
    expect(promotionRefusal(rule(), at({ company_used: true }))).toBe(promotionText.companyUsed);
    expect(promotionRefusal(rule({ max_uses: 5 }), at({ uses: 5 }))).toBe(promotionText.usedUp);
    expect(promotionRefusal(rule({ max_uses: 5 }), at({ uses: 4 }))).toBeNull();
    expect(promotionRefusal(rule({ kind: 'amount', value: 500 }), at({ price_fen: 100 }))).toBe(promotionText.noDiscount);
  });

  it('names its state for the operators and reads codes in any case', () => {
    expect(promotionState(rule(), 0, 1500)).toBe('active');
    expect(promotionState(rule({ max_uses: 1 }), 1, 1500)).toBe('used_up');
    expect(promotionState(rule(), 0, 2500)).toBe('expired');
    expect(normalizePromotionCode('  new2026 ')).toBe('NEW2026');
  });
});
