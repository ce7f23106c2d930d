import { describe, expect, it } from 'vitest';
import { dongToFen, effectiveCurrency, fenToDong, formatMoney, isCurrency } from './currency';

describe('fen to dong', () => {
  it('converts at the rate per yuan and rounds to whole dong', () => {
    expect(fenToDong(100, 3618.5)).toBe(3619); // 3618.5 rounds up
    // a VND quote's price: 362,000 ₫ at 3618.5 ₫/¥ = ¥100.0414… → 10004 fen
    expect(dongToFen(362000, 3618.5)).toBe(10004);
    expect(dongToFen(1809, 3618.5)).toBe(50); // 0.49993… yuan rounds to 50 fen
    expect(fenToDong(12345, 3618.5)).toBe(446704); // 123.45 × 3618.5 = 446,703.825
    expect(fenToDong(1, 3618.5)).toBe(36); // 36.185
    expect(fenToDong(0, 3618.5)).toBe(0);
  });
  it('stays exact for large amounts and negative corrections', () => {
    // 1,000,000.07 yuan × 3620.123456 = 3,620,123,709.408…
    expect(fenToDong(100_000_007, 3620.123456)).toBe(3_620_123_709);
    expect(fenToDong(-12345, 3618.5)).toBe(-446704);
  });
});

describe('formatMoney', () => {
  it('shows yuan with two decimals and thousands separators', () => {
    expect(formatMoney(12345, 'CNY')).toBe('¥123.45');
    expect(formatMoney(123456789, 'CNY')).toBe('¥1,234,567.89');
    expect(formatMoney(5, 'CNY')).toBe('¥0.05');
    expect(formatMoney(-250, 'CNY')).toBe('-¥2.50');
  });
  it('shows dong when VND is chosen and a rate is known', () => {
    expect(formatMoney(12345, 'VND', 3618.5)).toBe('₫446,704');
    expect(formatMoney(100, 'VND', 3618.5)).toBe('₫3,619');
  });
  it('stays in yuan without a usable rate instead of inventing one', () => {
    expect(formatMoney(12345, 'VND')).toBe('¥123.45');
    expect(formatMoney(12345, 'VND', 0)).toBe('¥123.45');
    expect(formatMoney(12345, 'VND', null)).toBe('¥123.45');
    expect(effectiveCurrency('VND', undefined)).toBe('CNY');
    expect(effectiveCurrency('VND', 3618.5)).toBe('VND');
    expect(effectiveCurrency('CNY', 3618.5)).toBe('CNY');
  });
  it('is empty for a missing price', () => {
    expect(formatMoney(null, 'CNY')).toBe('');
    expect(formatMoney(undefined, 'VND', 3618.5)).toBe('');
    expect(formatMoney(Number.NaN, 'CNY')).toBe('');
  });
  it('recognises only the two currencies of the switch', () => {
    expect(isCurrency('VND')).toBe(true);
    expect(isCurrency('CNY')).toBe(true);
    expect(isCurrency('USD')).toBe(false);
    expect(isCurrency(null)).toBe(false);
  });
});
