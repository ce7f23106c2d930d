/**
 * Points (积分, docs/points.md): the rules both sides use. Earning on a completed order (a rate per
 * 100 yuan, a category's own rate, a cap per order and per China month), what a refund after it
 * takes back, the year-end expiry (China time) and its notice, and the redemption's states.
 * Whole points only; amounts in fen; BigInt where a product of two could pass 2^53.
 */
export { OP_POINTS_CODES, POINTS_CODES } from './points-codes';

export const POINTS_RATE_MAX = 100_000;
export const POINTS_ORDER_CAP_MAX = 100_000_000;
export const POINTS_MONTH_CAP_MAX = 1_000_000_000;
export const POINTS_NOTICE_DAYS_MIN = 1;
export const POINTS_NOTICE_DAYS_MAX = 90;
export const POINTS_CATEGORY_MAX = 40;
export const POINTS_CATEGORIES_MAX = 50;
export const POINTS_PRODUCT_NAME_MAX = 60;
export const POINTS_PRODUCT_DESCRIPTION_MAX = 500;
export const POINTS_PRODUCT_POINTS_MAX = 100_000_000;
export const POINTS_PRODUCT_STOCK_MAX = 1_000_000;
export const POINTS_REDEEM_QTY_MAX = 99;
/** The most one manual adjustment moves, either way. */
export const POINTS_ADJUST_MAX = 10_000_000;

export interface PointsRule {
  enabled: boolean;
  /** points per 100 yuan paid */
  per_100_yuan: number;
  /** 0: no cap */
  order_cap: number;
  /** 0: no cap */
  month_cap: number;
}

export interface EarnLine {
  amount_fen: number;
  category: string;
}

/**
 * Points an order earns when it completes. Each line earns at its category's rate (else the
 * default) on its share of what was paid (`paid_fen` spread over the lines by amount, so a
 * deduction or a refund before completion lowers every line alike), rounded down once for the
 * order; then the order cap, then what is left of the company's month cap.
 */
export const pointsForOrder = (p: {
  rule: PointsRule; categoryRates: ReadonlyMap<string, number>; lines: readonly EarnLine[]; paid_fen: number; earnedThisMonth: number;
}): number => {
  if (!p.rule.enabled || p.paid_fen <= 0) return 0;
  const total = p.lines.reduce((s, l) => s + BigInt(Math.max(0, l.amount_fen)), 0n);
  if (total <= 0n) return 0;
  const weighted = p.lines.reduce((s, l) => s + BigInt(Math.max(0, l.amount_fen)) * BigInt(p.categoryRates.get(l.category) ?? p.rule.per_100_yuan), 0n);
  let points = Number((weighted * BigInt(p.paid_fen)) / (total * 10_000n));
  if (p.rule.order_cap > 0) points = Math.min(points, p.rule.order_cap);
  if (p.rule.month_cap > 0) points = Math.min(points, Math.max(0, p.rule.month_cap - p.earnedThisMonth));
  return Math.max(0, points);
};

/**
 * What refunds after completion take back in all: the points not kept on what is left
 * (`earned` × left ÷ base, rounded down), so refunding everything takes back everything and a
 * part takes back its share; `alreadyReversed` was taken back by earlier refunds.
 */
export const pointsToReverse = (p: { earned: number; base_fen: number; left_fen: number; alreadyReversed: number }): number => {
  if (p.earned <= 0 || p.base_fen <= 0) return 0;
  const left = Math.max(0, Math.min(p.left_fen, p.base_fen));
  const kept = Number((BigInt(p.earned) * BigInt(left)) / BigInt(p.base_fen));
  return Math.max(0, p.earned - kept - p.alreadyReversed);
};

/** China time is UTC+8 all year (shared/domain/china-time.ts); kept here so this module needs no date library. */
const CHINA_MS = 8 * 60 * 60_000;

/** The China year a moment falls in. */
export const chinaYear = (at: Date): number => new Date(at.getTime() + CHINA_MS).getUTCFullYear();

/** The moment points earned in `year` expire: 1 January of the next year, 00:00 China time. */
export const yearEndCutoff = (year: number): Date => new Date(Date.UTC(year + 1, 0, 1) - CHINA_MS);

/** Whether the year-end notice is due at `now`: within `noticeDays` before this China year's end. */
export const expiryNoticeDue = (now: Date, noticeDays: number): boolean => {
  const end = yearEndCutoff(chinaYear(now)).getTime();
  return now.getTime() < end && end - now.getTime() <= noticeDays * 86_400_000;
};

/**
 * How many points expire at the end of a year, first in first out: the balance at the cutoff
 * (every earlier year's points expired at their own year's end) less what was spent or taken back
 * since (those use the oldest points first), never more than the balance now.
 */
export const pointsToExpire = (p: { balanceAtCutoff: number; outflowSinceCutoff: number; balanceNow: number }): number =>
  Math.max(0, Math.min(p.balanceAtCutoff - p.outflowSinceCutoff, p.balanceNow));

export const REDEMPTION_STATUSES = ['pending', 'shipped', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const REDEMPTION_STATUS_TEXT: Record<RedemptionStatus, string> = { pending: '待发货', shipped: '已发货', cancelled: '已取消' };
export type RedemptionAction = 'ship' | 'cancel';

/** The redemption's state machine: 待发货 → 已发货, 待发货 → 已取消 (points and stock returned). */
export const redemptionTransition = (from: RedemptionStatus, action: RedemptionAction): { ok: true; to: RedemptionStatus } | { ok: false; reason: string } => {
  if (from !== 'pending') return { ok: false, reason: `兑换订单${REDEMPTION_STATUS_TEXT[from]}，不能${action === 'ship' ? '发货' : '取消'}` };
  return { ok: true, to: action === 'ship' ? 'shipped' : 'cancelled' };
};

export const POINTS_TX_KINDS = ['earn', 'reverse', 'redeem', 'redeem_cancel', 'expire', 'adjust'] as const;
export type PointsTxKind = (typeof POINTS_TX_KINDS)[number];
export const POINTS_TX_TEXT: Record<PointsTxKind, string> = {
  earn: '订单获得', reverse: '退款扣回', redeem: '积分兑换', redeem_cancel: '兑换取消退回', expire: '年底过期', adjust: '平台调整',
};

export const pointsText = {
  noRight: '只有企业负责人、采购或财务人员可以查看和使用本企业积分',
  insufficient: (balance: number, need: number) => `积分不足：当前 ${balance} 积分，需要 ${need} 积分`,
  productNotFound: '积分商品不存在',
  productOff: '该积分商品已下架',
  stockShort: (left: number) => `积分商品库存不足：仅剩 ${left} 件`,
  redemptionNotFound: '兑换订单不存在',
  adjustBelowZero: (balance: number) => `调整后积分不能为负：该企业当前 ${balance} 积分`,
  adjustZero: '调整积分不能为 0',
  companyNotFound: '企业不存在',
  nameTaken: '已有同名积分商品',
  keyReused: '同一个幂等键已用于另一笔不同的积分变动',
  productId: '请选择积分商品',
  qty: `兑换数量应为 1–${POINTS_REDEEM_QTY_MAX} 的整数`,
  points: `所需积分应为 1–${POINTS_PRODUCT_POINTS_MAX} 的整数`,
  stock: `库存应为 0–${POINTS_PRODUCT_STOCK_MAX} 的整数`,
  productName: `商品名称应为 1–${POINTS_PRODUCT_NAME_MAX} 个字符`,
  description: `商品说明最多 ${POINTS_PRODUCT_DESCRIPTION_MAX} 个字符`,
  image: '商品图片地址不正确',
  adjustPoints: `调整积分应为 -${POINTS_ADJUST_MAX}–${POINTS_ADJUST_MAX} 的整数，且不为 0`,
  rate: `每100元积分应为 0–${POINTS_RATE_MAX} 的整数`,
  orderCap: `每单上限应为 0–${POINTS_ORDER_CAP_MAX} 的整数（0 为不限）`,
  monthCap: `每月上限应为 0–${POINTS_MONTH_CAP_MAX} 的整数（0 为不限）`,
  noticeDays: `过期提醒提前天数应为 ${POINTS_NOTICE_DAYS_MIN}–${POINTS_NOTICE_DAYS_MAX} 的整数`,
  category: `配件分类应为 1–${POINTS_CATEGORY_MAX} 个字符`,
  categories: `分类积分最多 ${POINTS_CATEGORIES_MAX} 项，且分类不能重复`,
  companyId: '请选择企业',
  redemptionNo: '请填写兑换单号',
};
