import { describe, expect, it } from 'vitest';
import { yuanToFen } from './amount';

describe('the recharge amount typed in yuan', () => {
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
