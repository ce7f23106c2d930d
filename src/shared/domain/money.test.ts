import { describe, expect, it } from 'vitest';
import { yuan, yuanToFen } from './money';

describe('an amount typed in yuan', () => {
  it('becomes whole fen without a float on the way', () => {
    expect(yuanToFen('100')).toBe(10_000);
    expect(yuanToFen(' 0.1 ')).toBe(10);
    expect(yuanToFen('19.99')).toBe(1_999);
    expect(yuanToFen('1.05')).toBe(105);
  });
  it('refuses what is not an amount of at most two decimals', () => {
    for (const bad of ['', '-1', '1.005', '1e3', '一百', '100元', '1,000', '.5']) expect(yuanToFen(bad)).toBeNull();
  });
});

describe('fen shown as yuan', () => {
  it('has two decimals, thousands separators and a minus sign before ¥', () => {
    expect(yuan(123_450)).toBe('¥1,234.50');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(-2_000)).toBe('−¥20.00');
  });
});
