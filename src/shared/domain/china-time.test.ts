import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaDay, chinaDayEnd, chinaDayStart, chinaMidnight, formatChina } from './china-time';

describe('China time', () => {
  it('puts a moment on its China day: 16:00 UTC is already the next day in China', () => {
    expect(chinaDay(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(chinaDay(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(chinaDay(Date.parse('2026-12-31T16:30:00Z') / 1000)).toBe('2027-01-01');
  });

  it('begins a China day at 16:00 UTC of the day before, and counts days on from it', () => {
    expect(chinaMidnight('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(chinaMidnight('2026-11-30', 1).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(chinaMidnight('2024-02-28', 1).toISOString()).toBe('2024-02-28T16:00:00.000Z');
    expect(chinaDayEnd('2026-11-28').toISOString()).toBe('2026-11-28T15:59:59.000Z');
    expect(chinaDayStart(new Date('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(chinaDayStart(new Date('2026-11-28T17:00:00Z')).toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });

  it('keeps an early year as written and never rolls an impossible day into another month', () => {
    expect(chinaMidnight('0099-01-01').toISOString()).toBe('0098-12-31T16:00:00.000Z');
    expect(Number.isNaN(chinaMidnight('2024-13-01').getTime())).toBe(true);
  });

  it('shows moments as read in China, whatever the machine\'s own zone', () => {
    const s = Date.parse('2026-11-27T18:05:09Z') / 1000;
    expect(formatChina(s)).toBe('2026-11-28 02:05:09');
    expect(formatChina(s, 'YYYY-MM-DD HH:mm')).toBe('2026-11-28 02:05');
    expect(formatChina(0)).toBe('');
    expect(formatChina(null)).toBe('');
    expect(chinaDateTime(new Date('2026-11-27T18:05:09Z'))).toBe('2026-11-28 02:05');
    expect(chinaDateTime('2026-11-27T18:05:09Z')).toBe('2026-11-28 02:05');
  });
});
