/**
 * China time (UTC+8), the one clock of the marketplace: business days (quotas, reports, expiry
 * dates, date filters) begin at midnight in China, and moments are shown as people in China read
 * them, on the server and in any browser whatever its own time zone.
 *
 * A fixed offset through dayjs's utc plugin, not its timezone plugin: China keeps UTC+8 all year
 * (no daylight saving since 1991), so the offset is exact, and a fixed offset needs no Intl time
 * zone lookup per call (an export formats a date per row of up to 100,000).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const CHINA_UTC_OFFSET_MINUTES = 8 * 60;

/** A moment (unix seconds, or a Date) in China time. */
export const inChina = (t: number | Date): Dayjs => (typeof t === 'number' ? dayjs.unix(t) : dayjs(t)).utcOffset(CHINA_UTC_OFFSET_MINUTES);

/** The China calendar day of a moment (unix seconds or a Date), as YYYY-MM-DD. */
export const chinaDay = (t: number | Date): string => inChina(t).format('YYYY-MM-DD');

/** A moment (unix seconds) shown in China time; zero and absent dates show as empty. */
export const formatChina = (seconds: number | null | undefined, format = 'YYYY-MM-DD HH:mm:ss'): string =>
  seconds ? inChina(seconds).format(format) : '';

/** A Date (or a timestamp string) as YYYY-MM-DD HH:mm in China time. */
export const chinaDateTime = (d: Date | string): string => inChina(new Date(d)).format('YYYY-MM-DD HH:mm');

/**
 * The instant a China day (YYYY-MM-DD) begins, `plusDays` days later: a date filter's bound.
 * Parsed as an ISO date with its offset, so years before 100 stay themselves and an impossible
 * day (2024-13-01) is an Invalid Date rather than rolled over into another month.
 */
export const chinaMidnight = (day: string, plusDays = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);

/** The last second of a China day (23:59:59 +08:00): an expiry date means the whole of that day. */
export const chinaDayEnd = (day: string): Date => new Date(chinaMidnight(day, 1).getTime() - 1000);

/** The instant the China day of `now` began. */
export const chinaDayStart = (now: Date): Date => chinaMidnight(chinaDay(now));

/** A China month as YYYY-MM (a statement's month, docs/money.md#bills). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
