/**
 * Membership (requirements 000-4, 000-9): levels, the expiry badge, the trial-member ad, who may buy a
 * package and the package order's states. Days are China business days (UTC+8, no daylight
 * saving), so a badge or an expiry reads the same on the server and in any browser.
 */
import dayjs from 'dayjs';
import { inChina } from './china-time';

export const FORMAL_LEVEL_NAME = '正式会员';
export const EXPIRY_WARNING_DAYS = 60;
export const TRIAL_AD_CLOSE_MS = 60_000;
export const TRIAL_AD_CODE = 'JQR001';

/** Accounting (M09) codes: besides the company owner, these users may buy a package for the company. */
export const ACCOUNTING_CODES: readonly string[] = ['M09', 'M09-00', 'M09-04', 'M09-05', 'M09-07'];

export interface LevelView {
  name: string;
  level_type: 'free' | 'paid';
  level_end_data: number;
}

export const isFormal = (level: LevelView | undefined) => level?.level_type === 'paid';

const dayIndex = (t: number | Date) => {
  const d = inChina(t);
  return Math.round(Date.UTC(d.year(), d.month(), d.date()) / 86400_000);
};

/**
 * Calendar days left, counting today: 1 means it expires today, 60 that it expires on the 60th
 * day from today. An expiry already past (even earlier today) is 0.
 */
export const daysRemaining = (endUnix: number, now: Date): number => {
  if (endUnix * 1000 <= now.getTime()) return 0;
  return dayIndex(endUnix) - dayIndex(now) + 1;
};

/** The badge shows for paid levels with 1 to 60 days left. */
export const expiryBadge = (level: LevelView | undefined, now: Date): number | null => {
  if (!level || level.level_type !== 'paid' || !level.level_end_data) return null;
  const days = daysRemaining(level.level_end_data, now);
  return days >= 1 && days <= EXPIRY_WARNING_DAYS ? days : null;
};

/** Days left counting today, so the last day reads 今天到期 and the day before 剩余2天. */

/**
 * What the member card offers: free levels (registered, trial) an upgrade; paid levels their
 * expiry and a renewal; a paid level without an end date (the platform itself) nothing to buy.
 */
export type MemberOffer =
  | { kind: 'upgrade' }
  | { kind: 'renew'; end: number; expired: boolean; badge: number | null }
  | { kind: 'none' };

export const memberOffer = (level: LevelView, now: Date): MemberOffer => {
  if (level.level_type === 'free') return { kind: 'upgrade' };
  if (!level.level_end_data) return { kind: 'none' };
  return { kind: 'renew', end: level.level_end_data, expired: daysRemaining(level.level_end_data, now) === 0, badge: expiryBadge(level, now) };
};

export type AdNotifyFlag = 'open' | 'close';

/** The stored flag as read back from local storage: anything but the two values counts as unset. */
export const readAdFlag = (stored: string | null): AdNotifyFlag | null => (stored === 'open' || stored === 'close' ? stored : null);

/**
 * The trial ad shows when the stored flag is open (unset, the first visit, counts as open), the
 * company's level is the trial level (by its flag: operators may rename it) and today's China date lies within the ad's dates, both
 * days included.
 */
export const shouldShowTrialAd = (args: { flag: AdNotifyFlag | null; isTrial: boolean | undefined; ad: { start_date: number; end_data: number } | undefined; now: Date }): boolean => {
  if (args.flag === 'close' || !args.isTrial || !args.ad) return false;
  const today = dayIndex(args.now);
  return dayIndex(args.ad.start_date) <= today && today <= dayIndex(args.ad.end_data);
};

/** Who may buy a package for the company: its owner or a user holding an accounting code. */
export const mayBuyPackage = (user: { is_owner: boolean; permissions: readonly string[] }): boolean =>
  user.is_owner || user.permissions.some((c) => ACCOUNTING_CODES.includes(c));

/**
 * The new expiry after buying `months`: a paid level still running is extended from its current
 * expiry (a renewal loses no day); an expired one, or a free level, starts from now.
 */
export const extendedExpiry = (current: { level_type: 'free' | 'paid'; end: Date | null }, months: number, now: Date): Date => {
  const running = current.level_type === 'paid' && current.end !== null && current.end.getTime() > now.getTime();
  const base = running ? current.end! : now;
  return inChina(base).add(months, 'month').toDate();
};

/** Package order states: 待支付 → 已支付, or 待支付 → 已取消; nothing leaves 已支付 or 已取消. */
export type OrderState = 'pending' | 'paid' | 'cancelled';
export const ORDER_STATE_LABELS: Record<OrderState, string> = { pending: '待支付', paid: '已支付', cancelled: '已取消' };

export type OrderEvent = 'pay' | 'cancel';

/**
 * The outcome of an event on an order: `apply` moves it; `already` means the same event arrived
 * before (a repeated notify) and changes nothing; `refuse` means the event is not allowed now.
 */
export const orderTransition = (state: OrderState, event: OrderEvent): { kind: 'apply'; to: OrderState } | { kind: 'already' } | { kind: 'refuse' } => {
  if (state === 'pending') return { kind: 'apply', to: event === 'pay' ? 'paid' : 'cancelled' };
  if ((state === 'paid' && event === 'pay') || (state === 'cancelled' && event === 'cancel')) return { kind: 'already' };
  return { kind: 'refuse' };
};

/** YYYY-MM-DD HH:mm:ss from unix seconds; zero dates show as empty. */
export const formatUnix = (seconds: number | null | undefined, format = 'YYYY-MM-DD HH:mm:ss'): string =>
  seconds ? dayjs.unix(seconds).format(format) : '';
