import { describe, expect, it } from 'vitest';
import { activityPhase, activityPriceRefusal, activityText, buyRefusal, ordinaryPriceFen, windowRefusal, windowsOverlap } from './activities';

describe('the activity price (docs/activities.md, "Applying")', () => {
  const prices = { price99: 12_000, price0: 9_000, price1: 10_000, price2: 11_000, price3: 11_500 };
  it('the everyday price is the lowest price above 0 a buyer may be charged', () => {
    expect(ordinaryPriceFen(prices)).toBe(9_000);
    expect(ordinaryPriceFen({ price99: 5_000, price0: 0, price1: null })).toBe(5_000);
    expect(ordinaryPriceFen({ price99: null, price0: 0 })).toBeNull();
  });
  it('must be below every everyday price: equal or above is refused with the everyday price in yuan', () => {
    expect(activityPriceRefusal(8_999, prices)).toBe('');
    expect(activityPriceRefusal(9_000, prices)).toBe(activityText.priceNotBelow('¥90.00'));
    expect(activityPriceRefusal(9_500, prices)).toContain('活动价应低于日常价');
  });
  it('a row without a price cannot apply; a price of 0 or a fraction of a fen is refused', () => {
    expect(activityPriceRefusal(100, { price99: null })).toBe(activityText.noPrice);
    expect(activityPriceRefusal(0, prices)).toBe(activityText.activityPrice);
    expect(activityPriceRefusal(10.5, prices)).toBe(activityText.activityPrice);
  });
});

describe('windows', () => {
  it('overlap when they share a moment; touching ends do not overlap', () => {
    expect(windowsOverlap({ start: 0, end: 10 }, { start: 5, end: 20 })).toBe(true);
    expect(windowsOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(windowsOverlap({ start: 5, end: 6 }, { start: 0, end: 20 })).toBe(true);
  });
  it('an activity must end after it starts, in the future, within 31 days', () => {
    expect(windowRefusal(100, 100, 0)).toEqual({ field: 'end_at', text: activityText.window });
    expect(windowRefusal(10, 50, 60)).toEqual({ field: 'end_at', text: activityText.ended });
    expect(windowRefusal(0, 32 * 86_400, 0)).toEqual({ field: 'end_at', text: activityText.tooLong });
    expect(windowRefusal(0, 31 * 86_400, 0)).toBeNull();
  });
  it('phases: upcoming before the start, running until the end, ended at the end or when the operator ended it', () => {
    const a = { start_at: 100, end_at: 200, ended: false };
    expect(activityPhase(a, 99)).toBe('upcoming');
    expect(activityPhase(a, 100)).toBe('running');
    expect(activityPhase(a, 200)).toBe('ended');
    expect(activityPhase({ ...a, ended: true }, 150)).toBe('ended');
  });
});

describe('buying in an activity', () => {
  const base = { phase: 'running' as const, left: 10, qty: 1, perBuyer: 2, bought: 0, own: false };
  it('may buy while running, within the reserve and the per-company limit', () => {
    expect(buyRefusal(base)).toBe('');
    expect(buyRefusal({ ...base, qty: 2 })).toBe('');
  });
  it('refuses each reason in words', () => {
    expect(buyRefusal({ ...base, own: true })).toBe(activityText.ownStock);
    expect(buyRefusal({ ...base, phase: 'upcoming' })).toBe(activityText.notStarted);
    expect(buyRefusal({ ...base, phase: 'ended' })).toBe(activityText.activityEnded);
    expect(buyRefusal({ ...base, left: 0 })).toBe(activityText.soldOut);
    expect(buyRefusal({ ...base, bought: 2 })).toBe(activityText.overLimit(2, 2));
    expect(buyRefusal({ ...base, qty: 3 })).toBe(activityText.overLimit(2, 0));
    expect(buyRefusal({ ...base, perBuyer: 50, left: 3, qty: 5 })).toBe(activityText.notEnough(3));
  });
});
