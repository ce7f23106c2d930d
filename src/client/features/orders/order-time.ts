import dayjs from 'dayjs';
import { formatDate } from '../../i18n/format';
import type { Lang } from '../../i18n/lang';

/**
 * An order's moment (unix seconds) as its pages show it (docs/i18n.md#numbers-money-and-dates):
 * `2026-11-29 14:05:09` in Chinese, by Intl on Vietnam's clock in Vietnamese (`29/11/2026 13:05`);
 * empty when there is none.
 */
export const orderTime = (lang: Lang, at: number): string =>
  !at ? '' : lang === 'vi' ? formatDate('vi', at, true) : dayjs.unix(at).format('YYYY-MM-DD HH:mm:ss');
