/**
 * Numbers, money and dates in the page's language, by Intl (docs/i18n.md): in Vietnamese
 * `₫ 1.234.567`, `¥ 1.234,50`, `29/11/2026`. Chinese pages keep the shared formatMoney.
 */
import { fenToDong, formatMoney, type Currency } from '../../shared/domain/currency';
import { yuan } from '../../shared/domain/money';
import type { Lang } from './lang';

const LOCALES: Record<Lang, string> = { zh: 'zh-CN', vi: 'vi-VN' };
const cache = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string, currency?: string) => {
  const k = `${locale}|${currency ?? ''}`;
  let f = cache.get(k);
  if (!f) {
    f = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency } : { maximumFractionDigits: 2 });
    cache.set(k, f);
  }
  return f;
};

/** An amount with its symbol first and a space: Intl's parts reordered (vi-VN writes the symbol after). */
const symbolFirst = (amount: number, currency: string, locale: string): string => {
  const parts = numberFormat(locale, currency).formatToParts(amount);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
  const sign = parts.some((p) => p.type === 'minusSign') ? '-' : '';
  const digits = parts.filter((p) => ['integer', 'group', 'decimal', 'fraction'].includes(p.type)).map((p) => p.value).join('');
  return `${sign}${symbol} ${digits}`;
};

/** Whole dong as a Vietnamese buyer reads them: `₫ 1.234.567`. */
export const formatVnd = (dong: number): string => symbolFirst(Math.round(dong), 'VND', 'vi-VN');

/** A price in fen in the chosen currency, written for the language (Chinese: the shared format). */
export const formatMoneyIn = (lang: Lang, fen: number | null | undefined, currency: Currency, vndRate?: number | null): string => {
  if (lang === 'zh') return formatMoney(fen, currency, vndRate);
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  if (currency === 'VND' && vndRate && vndRate > 0) return formatVnd(fenToDong(fen, vndRate));
  return symbolFirst(Math.round(fen) / 100, 'CNY', 'vi-VN');
};

/** A number with the language's grouping: 1.234.567 in Vietnamese. */
export const formatNumber = (lang: Lang, n: number): string => numberFormat(LOCALES[lang]).format(n);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A date (unix seconds or a Date), with the time when asked: 29/11/2026 14:05 in Vietnamese. */
export const formatDate = (lang: Lang, at: number | Date, withTime = false): string => {
  const k = `${lang}|${withTime}`;
  let f = dateFormats.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], {
      year: 'numeric', month: '2-digit', day: '2-digit', ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      // China days are UTC+8 (docs/architecture.md, Data); Vietnam's clock is an hour behind
      timeZone: lang === 'vi' ? 'Asia/Ho_Chi_Minh' : 'Asia/Shanghai',
    });
    dateFormats.set(k, f);
  }
  return f.format(typeof at === 'number' ? new Date(at * 1000) : at);
};

/** An amount in yuan whatever the currency shown (a voucher's, a credit term's): ¥1,234.50 in Chinese, CN¥ 1.234,50 in Vietnamese. */
export const formatYuan = (lang: Lang, fen: number): string => (lang === 'zh' ? yuan(fen) : formatMoneyIn('vi', fen, 'CNY'));

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment of an order or an after-sale (unix seconds), empty when there is none: in Chinese
 * `2026-11-29 14:05:09` as those pages always wrote it, in Vietnamese by Intl on Vietnam's clock
 * (`13:05 29/11/2026`, as Intl orders them).
 */
export const formatMoment = (lang: Lang, at: number): string => {
  if (!at) return '';
  if (lang === 'vi') return formatDate('vi', at, true);
  const d = new Date(at * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

const chatFormats = new Map<boolean, Intl.DateTimeFormat>();
/**
 * A chat message's time (ms) in a list or thread, on the device's clock: the hour today, else the
 * day too. In Chinese `14:05` / `11-28 14:05`; in Vietnamese by Intl, `14:05` / `28/11 14:05`.
 */
export const formatChatTime = (lang: Lang, ms: number): string => {
  const d = new Date(ms);
  const today = d.toDateString() === new Date().toDateString();
  if (lang === 'zh') return `${today ? '' : `${two(d.getMonth() + 1)}-${two(d.getDate())} `}${two(d.getHours())}:${two(d.getMinutes())}`;
  let f = chatFormats.get(today);
  if (!f) {
    f = new Intl.DateTimeFormat('vi-VN', { ...(today ? {} : { day: '2-digit', month: '2-digit' }), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    chatFormats.set(today, f);
  }
  return f.format(d);
};
