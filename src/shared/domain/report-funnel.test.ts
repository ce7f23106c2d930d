import { describe, expect, it } from 'vitest';
import { funnelRates, percentOf, rateText } from './report-funnel';

describe('the funnel rates (docs/reports.md#sfereport)', () => {
  it('are percents with one decimal, — when the base is 0', () => {
    expect(percentOf(1, 19)).toBe(5.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(3, 0)).toBeNull();
    expect(rateText(null)).toBe('—');
    expect(rateText(100)).toBe('100%');
    expect(funnelRates({ searches: 19, enquiries: 1, quoted: 1, orders: 3, paid: 2 }))
      .toEqual({ enquiry_rate: 5.3, quote_rate: 100, order_rate: 15.8, pay_rate: 66.7 });
  });
});
