import { describe, expect, it } from 'vitest';
import { addMonths, coveringMonths, extendedUntil, warrantyActive, warrantyWindowEnd } from './warranty';

describe('platform warranty rules', () => {
  it('adds calendar months, clamping the day to the month\'s end', () => {
    expect(addMonths(new Date('2026-01-31T04:00:00Z'), 1).toISOString()).toBe('2026-02-28T04:00:00.000Z');
    expect(addMonths(new Date('2026-11-29T04:00:00Z'), 12).toISOString()).toBe('2027-11-29T04:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it('counts months on the China calendar, also in the hours when the UTC date is the day before', () => {
    // 2026-03-01 05:00 China time (02-28 21:00 UTC) + 1 month = 04-01 05:00 China time
    expect(addMonths(new Date('2026-02-28T21:00:00Z'), 1).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    // 2026-03-31 05:00 China time + 1 month = 04-30 05:00 China time
    expect(addMonths(new Date('2026-03-30T21:00:00Z'), 1).toISOString()).toBe('2026-04-29T21:00:00.000Z');
  });

  it('extends from the later of now and the current end', () => {
    const now = new Date('2026-11-29T00:00:00Z');
    expect(extendedUntil(null, now, 6).toISOString()).toBe('2027-05-29T00:00:00.000Z');
    expect(extendedUntil(new Date('2026-01-01T00:00:00Z'), now, 6).toISOString()).toBe('2027-05-29T00:00:00.000Z');
    expect(extendedUntil(new Date('2027-01-10T00:00:00Z'), now, 6).toISOString()).toBe('2027-07-10T00:00:00.000Z');
    expect(warrantyActive(new Date('2026-11-29T00:00:01Z'), now)).toBe(true);
    expect(warrantyActive(now, now)).toBe(false);
    expect(warrantyActive(null, now)).toBe(false);
  });

  it('covers a part by the longest enabled term of its category or of all parts', () => {
    const terms = [
      { months: 6, categories: ['易损件'], enabled: true },
      { months: 3, categories: [], enabled: true },
      { months: 24, categories: ['发动机件'], enabled: false },
    ];
    expect(coveringMonths(terms, '易损件')).toBe(6);
    expect(coveringMonths(terms, '发动机件')).toBe(3);
    expect(coveringMonths(terms.slice(0, 1), '发动机件')).toBe(0);
    expect(warrantyWindowEnd(Date.UTC(2026, 0, 31) / 1000, 1)).toBe(Date.UTC(2026, 1, 28) / 1000);
  });
});
