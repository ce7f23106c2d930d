/**
 * 现货 (spot goods, docs/spot-goods.md): rows a seller marked ready to ship today, the seller's
 * daily cut-off (截单时间, China time) after which a spot order ships the next day, and the time a
 * seller has to confirm a spot order (现货订单) before it is cancelled by itself.
 */
import { inChina } from './china-time';

/** Minutes a seller has to confirm a spot order; past them the spot sweep cancels it and returns its stock. */
export const SPOT_CONFIRM_MINUTES = 30;
/** How often the spot sweep looks for spot orders past their time (server.ts). */
export const SPOT_SWEEP_EVERY_MS = 60 * 1000;

export const CUTOFF_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' → minutes after China midnight ('' → null: no cut-off). */
export const cutoffMinute = (hhmm: string): number | null => {
  if (!hhmm) return null;
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
/** minutes after China midnight → 'HH:mm' (null → ''). */
export const cutoffText = (minute: number | null): string =>
  minute === null ? '' : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export type SpotShip = 'today' | 'tomorrow';
export const SPOT_SHIP_TEXT: Record<SpotShip, string> = { today: '今日发', tomorrow: '明日发' };

/** When a spot row ordered at `nowUnix` ships: today before the seller's cut-off (or with none), else tomorrow. */
export const spotShip = (cutoff: string, nowUnix: number): SpotShip => {
  const minute = cutoffMinute(cutoff);
  if (minute === null) return 'today';
  const t = inChina(nowUnix);
  return t.hour() * 60 + t.minute() < minute ? 'today' : 'tomorrow';
};

/** Seconds left to confirm (0 once past), for the seller's countdown. */
export const secondsToConfirm = (confirmBy: number, nowUnix: number) => Math.max(0, confirmBy - nowUnix);

/** mm:ss of a countdown */
export const countdownText = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export const spotText = {
  spotFlag: '请说明标记为现货还是取消现货',
  cutoff: '截单时间应为 HH:mm（例如 16:00），不设置请留空',
  notSpot: (name: string) => `${name}不是现货，不能现货下单，请改用普通下单`,
  outOfStock: (name: string) => `${name}已无货，不能现货下单`,
  notEnough: (name: string, stock: number) => `${name}现货库存不足：仅剩${stock}件，请修改数量`,
  confirmLate: `现货订单已超过${SPOT_CONFIRM_MINUTES}分钟确认时限，订单将自动取消`,
  expiredReason: `卖家未在${SPOT_CONFIRM_MINUTES}分钟内确认现货订单，订单已自动取消，库存已退回`,
  settingRight: '只有有库存权限的用户可以修改截单时间',
} as const;
