import { describe, expect, it } from 'vitest';
import { intervalText, lineAvailability, packageTotal } from './maintenance';

describe('packageTotal', () => {
  it('sums unit price times quantity over the lines that can be bought', () => {
    expect(packageTotal([
      { qty: 4, unitFen: 3_550, unavailable: '' },
      { qty: 1, unitFen: 12_000, unavailable: '' },
    ])).toEqual({ totalFen: 26_200, available: 2, unavailable: 0 });
  });
  it('leaves out lines that cannot be bought and counts them apart', () => {
    expect(packageTotal([
      { qty: 2, unitFen: 1_000, unavailable: '' },
      { qty: 1, unitFen: 5_000, unavailable: '库存不足' },
      { qty: 1, unitFen: null, unavailable: '暂无报价' },
    ])).toEqual({ totalFen: 2_000, available: 1, unavailable: 2 });
  });
  it('is zero for a package with nothing to buy', () => {
    expect(packageTotal([])).toEqual({ totalFen: 0, available: 0, unavailable: 0 });
  });
});

describe('lineAvailability', () => {
  const ok = { state: 'on', quantity: 10, qty: 2, unitFen: 100 };
  it('says what the cart would say, in its order', () => {
    expect(lineAvailability(ok)).toBe('');
    expect(lineAvailability({ ...ok, state: 'off', quantity: 0, unitFen: null })).toBe('已下架');
    expect(lineAvailability({ ...ok, quantity: 0, unitFen: null })).toBe('无货');
    expect(lineAvailability({ ...ok, unitFen: null })).toBe('暂无报价');
  });
  it('refuses a line that needs more pieces than are in stock', () => {
    expect(lineAvailability({ ...ok, quantity: 3, qty: 4 })).toBe('库存不足');
    expect(lineAvailability({ ...ok, quantity: 4, qty: 4 })).toBe('');
  });
});

describe('intervalText', () => {
  it('names kilometres, months or both', () => {
    expect(intervalText(5000, 6)).toBe('每5,000公里或6个月');
    expect(intervalText(null, 12)).toBe('每12个月');
    expect(intervalText(10000, null)).toBe('每10,000公里');
  });
});
