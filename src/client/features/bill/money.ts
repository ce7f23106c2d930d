/** How statements show money and time: yuan with two decimals and a sign, China time. */
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';

export { yuan };
export const signed = (fen: number) => (fen > 0 ? `+${yuan(fen)}` : yuan(fen));
export const chinaWhen = (s: number) => formatChina(s, 'YYYY-MM-DD HH:mm');
export const monthText = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
/** The last `n` China months, newest first (the operator's month filter). */
export const recentMonths = (now: Date, n: number) => {
  const [y, m] = formatChina(Math.floor(now.getTime() / 1000), 'YYYY-MM').split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) - i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
};
