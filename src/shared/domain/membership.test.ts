import { describe, expect, it } from 'vitest';
import {
  daysRemaining, expiryBadge, extendedExpiry, formatUnix, isFormal, mayBuyPackage,
  memberOffer, orderTransition, readAdFlag, shouldShowTrialAd,
} from './membership';
import { chinaDay, formatChina } from './china-time';

/** A moment given in China time (UTC+8), as unix seconds. */
const cn = (y: number, m: number, d: number, h = 12, min = 0) => Date.UTC(y, m - 1, d, h - 8, min) / 1000;
const now = new Date(cn(2026, 11, 22, 15, 30) * 1000);
const paid = (end: number) => ({ name: '正式会员', level_type: 'paid' as const, level_end_data: end });

describe('days remaining (China business days, today counts as 1)', () => {
  it('day 1: expires later today', () => expect(daysRemaining(cn(2026, 11, 22, 23, 59), now)).toBe(1));
  it('day 0: expired earlier today or before', () => {
    expect(daysRemaining(cn(2026, 11, 22, 15, 0), now)).toBe(0);
    expect(daysRemaining(cn(2026, 11, 21, 23), now)).toBe(0);
  });
  it('day 2 starts at China midnight, not UTC midnight', () => {
    expect(daysRemaining(cn(2026, 11, 23, 0, 30), now)).toBe(2);
    // 23:30 China on the 22nd is 15:30 UTC: still the same China day
    expect(daysRemaining(cn(2026, 11, 22, 23, 30), now)).toBe(1);
  });
  it('day 60 and day 61', () => {
    expect(daysRemaining(cn(2027, 1, 20), now)).toBe(60);
    expect(daysRemaining(cn(2027, 1, 21), now)).toBe(61);
  });
});

describe('expiry badge', () => {
  it('shows on days 1 and 60, not on 0 or 61', () => {
    expect(expiryBadge(paid(cn(2026, 11, 22, 22)), now)).toBe(1);
    expect(expiryBadge(paid(cn(2027, 1, 20)), now)).toBe(60);
    expect(expiryBadge(paid(cn(2027, 1, 21)), now)).toBeNull();
    expect(expiryBadge(paid(cn(2026, 11, 22, 9)), now)).toBeNull();
  });
  it('only for paid levels with an end date', () => {
    expect(expiryBadge({ name: '注册会员', level_type: 'free', level_end_data: cn(2026, 12, 1) }, now)).toBeNull();
    expect(expiryBadge(paid(0), now)).toBeNull();
    expect(expiryBadge(undefined, now)).toBeNull();
  });
  it('tells formal from registered', () => {
    expect(isFormal(paid(0))).toBe(true);
    expect(isFormal({ name: '注册会员', level_type: 'free', level_end_data: 0 })).toBe(false);
    expect(isFormal(undefined)).toBe(false);
  });
});

describe('member offer', () => {
  it('free levels (registered and trial) get the upgrade prompt', () => {
    expect(memberOffer({ name: '注册会员', level_type: 'free', level_end_data: 0 }, now)).toEqual({ kind: 'upgrade' });
    expect(memberOffer({ name: '试用会员', level_type: 'free', level_end_data: cn(2026, 12, 6) }, now)).toEqual({ kind: 'upgrade' });
  });
  it('paid levels get the expiry and renewal, with the badge on days 1..60', () => {
    expect(memberOffer(paid(cn(2027, 1, 20)), now)).toEqual({ kind: 'renew', end: cn(2027, 1, 20), expired: false, badge: 60 });
    expect(memberOffer(paid(cn(2027, 1, 21)), now)).toEqual({ kind: 'renew', end: cn(2027, 1, 21), expired: false, badge: null });
    expect(memberOffer(paid(cn(2026, 11, 22, 23)), now)).toMatchObject({ expired: false, badge: 1 });
    expect(memberOffer(paid(cn(2026, 11, 20)), now)).toMatchObject({ kind: 'renew', expired: true, badge: null });
  });
  it('a paid level without an end date offers nothing', () => expect(memberOffer(paid(0), now)).toEqual({ kind: 'none' }));
});

describe('trial ad', () => {
  const ad = { start_date: cn(2026, 11, 1), end_data: cn(2026, 12, 1) };
  it('shows for a trial member with the flag open or unset, within the ad dates', () => {
    expect(shouldShowTrialAd({ flag: null, isTrial: true, ad, now })).toBe(true);
    expect(shouldShowTrialAd({ flag: 'open', isTrial: true, ad, now })).toBe(true);
  });
  it('not once the flag is close', () => expect(shouldShowTrialAd({ flag: 'close', isTrial: true, ad, now })).toBe(false));
  it('not for other levels or without an ad', () => {
    expect(shouldShowTrialAd({ flag: 'open', isTrial: false, ad, now })).toBe(false);
    expect(shouldShowTrialAd({ flag: 'open', isTrial: false, ad, now })).toBe(false);
    expect(shouldShowTrialAd({ flag: 'open', isTrial: undefined, ad, now })).toBe(false);
    expect(shouldShowTrialAd({ flag: 'open', isTrial: true, ad: undefined, now })).toBe(false);
  });
  it('the first and last day of the ad count, the days outside do not', () => {
    const show = (start: number, end: number) => shouldShowTrialAd({ flag: 'open', isTrial: true, ad: { start_date: start, end_data: end }, now });
    expect(show(cn(2026, 11, 22, 23), cn(2026, 12, 1))).toBe(true);
    expect(show(cn(2026, 11, 1), cn(2026, 11, 22, 0, 10))).toBe(true);
    expect(show(cn(2026, 11, 23, 0, 5), cn(2026, 12, 1))).toBe(false);
    expect(show(cn(2026, 11, 1), cn(2026, 11, 21, 23, 59))).toBe(false);
  });
  it('reads only open or close back from storage', () => {
    expect(readAdFlag('close')).toBe('close');
    expect(readAdFlag('open')).toBe('open');
    expect(readAdFlag('garbage')).toBeNull();
    expect(readAdFlag(null)).toBeNull();
  });
});

describe('buying a package', () => {
  it('the owner or an accounting code may buy; others may not', () => {
    expect(mayBuyPackage({ is_owner: true, permissions: [] })).toBe(true);
    expect(mayBuyPackage({ is_owner: false, permissions: ['M03', 'M09-04'] })).toBe(true);
    expect(mayBuyPackage({ is_owner: false, permissions: ['M03', 'C11'] })).toBe(false);
  });
  it('a running paid level is extended from its expiry', () => {
    const end = new Date(cn(2027, 1, 6, 10) * 1000);
    expect(extendedExpiry({ level_type: 'paid', end }, 12, now).getTime()).toBe(cn(2028, 1, 6, 10) * 1000);
  });
  it('an expired paid level, a free level or a trial starts from now', () => {
    const expected = cn(2027, 11, 22, 15, 30) * 1000;
    expect(extendedExpiry({ level_type: 'paid', end: new Date(cn(2026, 11, 22, 9) * 1000) }, 12, now).getTime()).toBe(expected);
    expect(extendedExpiry({ level_type: 'free', end: null }, 12, now).getTime()).toBe(expected);
    expect(extendedExpiry({ level_type: 'free', end: new Date(cn(2026, 12, 6) * 1000) }, 12, now).getTime()).toBe(expected);
  });
  it('month ends clamp in China time', () => {
    const jan31 = new Date(cn(2027, 1, 31, 0, 30) * 1000);
    expect(chinaDay(extendedExpiry({ level_type: 'paid', end: jan31 }, 1, now))).toBe('2027-02-28');
  });
  it('orders move 待支付 → 已支付 or 已取消, once', () => {
    expect(orderTransition('pending', 'pay')).toEqual({ kind: 'apply', to: 'paid' });
    expect(orderTransition('pending', 'cancel')).toEqual({ kind: 'apply', to: 'cancelled' });
    expect(orderTransition('paid', 'pay')).toEqual({ kind: 'already' });
    expect(orderTransition('cancelled', 'cancel')).toEqual({ kind: 'already' });
    expect(orderTransition('cancelled', 'pay')).toEqual({ kind: 'refuse' });
    expect(orderTransition('paid', 'cancel')).toEqual({ kind: 'refuse' });
  });
});

describe('formatting', () => {
  it('formats seconds and leaves zero dates empty', () => {
    expect(formatChina(cn(2026, 11, 22, 9))).toBe('2026-11-22 09:00:00');
    expect(formatChina(cn(2026, 11, 22, 23, 30), 'YYYY-MM-DD')).toBe('2026-11-22');
    expect(formatChina(0)).toBe('');
    expect(formatUnix(0)).toBe('');
    expect(formatUnix(null)).toBe('');
  });
});
