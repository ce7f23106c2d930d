import { describe, expect, it } from 'vitest';
import {
  chinaYear, expiryNoticeDue, pointsForOrder, pointsToExpire, pointsToReverse, redemptionTransition, yearEndCutoff, type PointsRule,
} from './points';

const rule = (r: Partial<PointsRule> = {}): PointsRule => ({ enabled: true, per_100_yuan: 100, order_cap: 0, month_cap: 0, ...r });
const none = new Map<string, number>();

describe('earning on a completed order', () => {
  it('earns the default rate per 100 yuan paid, rounded down once for the order', () => {
    // 1 point a yuan: 123.45 yuan → 123 points
    expect(pointsForOrder({ rule: rule(), categoryRates: none, lines: [{ amount_fen: 12_345, category: '' }], paid_fen: 12_345, earnedThisMonth: 0 })).toBe(123);
    // 5 points per 100 yuan: 99.99 yuan → 4 points (4.9995 rounded down)
    expect(pointsForOrder({ rule: rule({ per_100_yuan: 5 }), categoryRates: none, lines: [{ amount_fen: 9_999, category: '' }], paid_fen: 9_999, earnedThisMonth: 0 })).toBe(4);
  });

  it('a category with its own rate earns at that rate; the rest at the default', () => {
    const rates = new Map([['机油', 300]]);
    const lines = [{ amount_fen: 10_000, category: '机油' }, { amount_fen: 10_000, category: '刹车片' }];
    expect(pointsForOrder({ rule: rule(), categoryRates: rates, lines, paid_fen: 20_000, earnedThisMonth: 0 })).toBe(300 + 100);
    // a category rate of 0 earns nothing for its lines
    expect(pointsForOrder({ rule: rule(), categoryRates: new Map([['机油', 0]]), lines, paid_fen: 20_000, earnedThisMonth: 0 })).toBe(100);
  });

  it('earns on what was paid: a deduction before completion lowers every line alike', () => {
    const lines = [{ amount_fen: 10_000, category: '机油' }, { amount_fen: 10_000, category: '' }];
    // paid half: 200 points of the whole halve to 100
    expect(pointsForOrder({ rule: rule(), categoryRates: new Map([['机油', 300]]), lines, paid_fen: 10_000, earnedThisMonth: 0 })).toBe(200);
  });

  it('the order cap and what is left of the month cap bound it', () => {
    const lines = [{ amount_fen: 1_000_000, category: '' }];
    expect(pointsForOrder({ rule: rule({ order_cap: 500 }), categoryRates: none, lines, paid_fen: 1_000_000, earnedThisMonth: 0 })).toBe(500);
    expect(pointsForOrder({ rule: rule({ month_cap: 8_000 }), categoryRates: none, lines, paid_fen: 1_000_000, earnedThisMonth: 7_500 })).toBe(500);
    expect(pointsForOrder({ rule: rule({ month_cap: 8_000 }), categoryRates: none, lines, paid_fen: 1_000_000, earnedThisMonth: 9_000 })).toBe(0);
    expect(pointsForOrder({ rule: rule({ order_cap: 300, month_cap: 8_000 }), categoryRates: none, lines, paid_fen: 1_000_000, earnedThisMonth: 7_900 })).toBe(100);
  });

  it('earns nothing when points are off, nothing was paid, or the lines are empty', () => {
    const lines = [{ amount_fen: 10_000, category: '' }];
    expect(pointsForOrder({ rule: rule({ enabled: false }), categoryRates: none, lines, paid_fen: 10_000, earnedThisMonth: 0 })).toBe(0);
    expect(pointsForOrder({ rule: rule(), categoryRates: none, lines, paid_fen: 0, earnedThisMonth: 0 })).toBe(0);
    expect(pointsForOrder({ rule: rule(), categoryRates: none, lines: [], paid_fen: 10_000, earnedThisMonth: 0 })).toBe(0);
  });

  it('stays exact on amounts past 2^53 when multiplied', () => {
    const fen = 900_000_000_000; // 90 亿元
    expect(pointsForOrder({ rule: rule({ per_100_yuan: 100_000 }), categoryRates: none, lines: [{ amount_fen: fen, category: '' }], paid_fen: fen, earnedThisMonth: 0 })).toBe(9_000_000_000_000);
  });
});

describe('refunds after completion', () => {
  it('takes back the refunded share, all of it for a full refund, never twice', () => {
    expect(pointsToReverse({ earned: 100, base_fen: 10_000, left_fen: 10_000, alreadyReversed: 0 })).toBe(0);
    expect(pointsToReverse({ earned: 100, base_fen: 10_000, left_fen: 7_000, alreadyReversed: 0 })).toBe(30);
    // a second refund of the same order: only the new share
    expect(pointsToReverse({ earned: 100, base_fen: 10_000, left_fen: 4_000, alreadyReversed: 30 })).toBe(30);
    expect(pointsToReverse({ earned: 100, base_fen: 10_000, left_fen: 0, alreadyReversed: 60 })).toBe(40);
    expect(pointsToReverse({ earned: 100, base_fen: 10_000, left_fen: 0, alreadyReversed: 100 })).toBe(0);
  });

  it('rounds what is kept down, so a small refund takes at least its share', () => {
    // 33 points on 100.00; refund 0.01: kept floor(33 × 9999 / 10000) = 32 → 1 back
    expect(pointsToReverse({ earned: 33, base_fen: 10_000, left_fen: 9_999, alreadyReversed: 0 })).toBe(1);
  });

  it('nothing for an order that earned nothing', () => {
    expect(pointsToReverse({ earned: 0, base_fen: 10_000, left_fen: 0, alreadyReversed: 0 })).toBe(0);
    expect(pointsToReverse({ earned: 5, base_fen: 0, left_fen: 0, alreadyReversed: 0 })).toBe(0);
  });
});

describe('year-end expiry, China time', () => {
  it('the year of a moment and its cutoff are China time', () => {
    // 2026-12-31 16:30 UTC is 2027-01-01 00:30 in China
    expect(chinaYear(new Date('2026-12-31T16:30:00Z'))).toBe(2027);
    expect(chinaYear(new Date('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(yearEndCutoff(2026).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('the notice is due within the set days before the year end, not before, not after', () => {
    expect(expiryNoticeDue(new Date('2026-12-01T16:00:00Z'), 30)).toBe(true); // 2026-12-02 China: 30 days left
    expect(expiryNoticeDue(new Date('2026-11-30T16:00:00Z'), 30)).toBe(false); // 31 days left
    expect(expiryNoticeDue(new Date('2026-12-31T15:59:00Z'), 1)).toBe(true);
    expect(expiryNoticeDue(new Date('2026-12-31T16:00:00Z'), 30)).toBe(false); // next year began: 365 days left
  });

  it('what is left of the year expires, first in first out, never more than the balance now', () => {
    expect(pointsToExpire({ balanceAtCutoff: 500, outflowSinceCutoff: 0, balanceNow: 500 })).toBe(500);
    // earned 100 in the new year, spent 200 since: the old points went first
    expect(pointsToExpire({ balanceAtCutoff: 500, outflowSinceCutoff: 200, balanceNow: 400 })).toBe(300);
    // spent more than the old points: none of them are left
    expect(pointsToExpire({ balanceAtCutoff: 30, outflowSinceCutoff: 50, balanceNow: 80 })).toBe(0);
    // a debt (refund after spending) expires nothing
    expect(pointsToExpire({ balanceAtCutoff: -20, outflowSinceCutoff: 0, balanceNow: -20 })).toBe(0);
    expect(pointsToExpire({ balanceAtCutoff: 500, outflowSinceCutoff: 0, balanceNow: 100 })).toBe(100);
  });
});

describe('redemption states', () => {
  it('待发货 ships or cancels; nothing else moves', () => {
    expect(redemptionTransition('pending', 'ship')).toEqual({ ok: true, to: 'shipped' });
    expect(redemptionTransition('pending', 'cancel')).toEqual({ ok: true, to: 'cancelled' });
    expect(redemptionTransition('shipped', 'cancel')).toEqual({ ok: false, reason: '兑换订单已发货，不能取消' });
    expect(redemptionTransition('cancelled', 'ship')).toEqual({ ok: false, reason: '兑换订单已取消，不能发货' });
  });
});
