import { describe, expect, it } from 'vitest';
import { chargedColumns, unitPrice } from './cart';
import { creditDueDate, creditOverdue, creditText, invitationRefusal, customerText, INVITATION_CODE_RE } from './customer';

const prices = { price99: 1500, price0: 1000, price1: 1130, price2: 1300, price3: 1400, price5: null };

describe('customer price levels (docs/customers.md)', () => {
  it('member keeps the membership rule: formal members wholesale, others retail, with or without tax', () => {
    expect(chargedColumns('paid', false)).toEqual(['price0', 'price99']);
    expect(chargedColumns('paid', true, 'member')).toEqual(['price1', 'price99']);
    expect(chargedColumns('free', false, 'member')).toEqual(['price2', 'price99']);
  });

  it('a seller\'s level replaces the membership for its lines', () => {
    expect(unitPrice(prices, 'free', false, 'wholesale')).toEqual({ column: 'price0', fen: 1000 });
    expect(unitPrice(prices, 'free', true, 'wholesale')).toEqual({ column: 'price1', fen: 1130 });
    expect(unitPrice(prices, 'paid', false, 'retail')).toEqual({ column: 'price2', fen: 1300 });
    expect(unitPrice(prices, 'paid', true, 'standard')).toEqual({ column: 'price99', fen: 1500 });
  });

  it('falls back to the standard price when the chosen column is empty, and to nothing without one', () => {
    expect(unitPrice({ ...prices, price0: null }, 'free', false, 'wholesale')).toEqual({ column: 'price99', fen: 1500 });
    expect(unitPrice({ ...prices, price99: null }, 'paid', false, 'standard')).toBeNull();
  });

  it('words each dead invitation by its reason', () => {
    expect(invitationRefusal('used')).toBe(customerText.invitationUsed);
    expect(invitationRefusal('expired')).toBe(customerText.invitationExpired);
    expect(invitationRefusal('revoked')).toBe(customerText.invitationRevoked);
    expect(invitationRefusal('unknown')).toBe(customerText.invitationUnknown);
    expect(INVITATION_CODE_RE.test('a'.repeat(32))).toBe(true);
    expect(INVITATION_CODE_RE.test('a'.repeat(31))).toBe(false);
  });
});

describe('credit terms (docs/customers.md "Credit terms")', () => {
  it('falls due the order\'s China date plus the days, across months and years, and is overdue from the day after', () => {
    expect(creditDueDate('2026-11-29', 30)).toBe('2026-12-29');
    expect(creditDueDate('2026-12-15', 30)).toBe('2027-01-14');
    expect(creditDueDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(creditOverdue('2026-12-29', '2026-12-29')).toBe(false);
    expect(creditOverdue('2026-12-29', '2026-12-30')).toBe(true);
    expect(creditOverdue('', '2026-12-30')).toBe(false);
  });

  it('names the limit and what remains when an order goes over it', () => {
    expect(creditText.over(500000, 120050, 200000)).toBe('超出账期额度：可用额度 ¥1200.50（账期额度 ¥5000.00），本单 ¥2000.00，请先付清已到账期的订单或改为普通下单');
    expect(creditText.over(5000, -300, 1000)).toContain('可用额度 ¥0.00');
  });
});
