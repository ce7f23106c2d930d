import { describe, expect, it } from 'vitest';
import { cartTotals, chargedColumns, unitPrice } from './cart';

describe('cart price column', () => {
  it('charges formal members wholesale and others retail, with or without tax', () => {
    expect(chargedColumns('paid', false)[0]).toBe('price0');
    expect(chargedColumns('paid', true)[0]).toBe('price1');
    expect(chargedColumns('free', false)[0]).toBe('price2');
    expect(chargedColumns('free', true)[0]).toBe('price3');
  });

  it('falls back to the standard price when the column is empty, and has no price when both are', () => {
    expect(unitPrice({ price0: 1200, price99: 1500 }, 'paid', false)).toEqual({ column: 'price0', fen: 1200 });
    expect(unitPrice({ price0: null, price99: 1500 }, 'paid', false)).toEqual({ column: 'price99', fen: 1500 });
    expect(unitPrice({ price3: 0, price99: null }, 'free', true)).toBeNull();
  });
});

describe('cart totals', () => {
  it('counts only lines on sale (productSource 1) and sums only the checked ones', () => {
    const t = cartTotals([
      { qty: 2, amount: 3000, checked: true, productSource: 1 },
      { qty: 1, amount: 500, checked: false, productSource: 1 },
      { qty: 5, amount: 9999, checked: true, productSource: 2 },
    ]);
    expect(t).toEqual({ count: 2, checkedCount: 1, checkedQty: 2, checkedAmount: 3000 });
  });
});
