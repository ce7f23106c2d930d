import dayjs from 'dayjs';
import type { Lang } from '../../i18n/lang';

const viFormats = new Map<boolean, Intl.DateTimeFormat>();

/**
 * A message's time (ms) in a chat list or thread: the hour today, else the day too. In Chinese
 * `14:05` / `11-28 14:05`; in Vietnamese by Intl (docs/i18n.md#numbers-money-and-dates):
 * `14:05` / `28/11 14:05`. The device's clock, as the messages arrive.
 */
export const chatTime = (lang: Lang, ms: number): string => {
  const today = dayjs(ms).isSame(dayjs(), 'day');
  if (lang === 'zh') return dayjs(ms).format(today ? 'HH:mm' : 'MM-DD HH:mm');
  let f = viFormats.get(today);
  if (!f) {
    f = new Intl.DateTimeFormat('vi-VN', { ...(today ? {} : { day: '2-digit', month: '2-digit' }), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    viFormats.set(today, f);
  }
  return f.format(new Date(ms));
};
