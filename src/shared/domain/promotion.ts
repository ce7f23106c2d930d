/**
 * 优惠码 (requirements 001-2-2 pay/promotionCode): a code the operators issue that takes a percentage
 * or an amount off a membership package's price. The rules, shared by the server (which decides)
 * and the pages (which explain):
 * - a code is typed in any case and stored upper-case, 4–20 letters or digits;
 * - it applies between its start day and its end day (China days, both included), while active,
 *   to one package or to every package;
 * - an order that is not cancelled uses it: cancelling gives the use back; a company uses a code
 *   once; `max_uses` (none: no limit) counts the uses of every company;
 * - the discount is applied to the list price of the package and never brings the amount to pay
 *   under MIN_PAY_FEN (a payment provider takes no zero payment, and a free package is the
 *   operators' level setting, not a code).
 */
export const PROMOTION_CODE_RE = /^[A-Z0-9]{4,20}$/;
export const MIN_PAY_FEN = 100;
export const PERCENT_MAX = 90;

export type PromotionKind = 'percent' | 'amount';

export interface PromotionRule {
  kind: PromotionKind;
  value: number;
  level_id: number | null;
  /** unix seconds: the start day's China midnight, and the China midnight after the end day */
  starts_at: number;
  ends_at: number;
  max_uses: number | null;
  active: boolean;
}

export const promotionText = {
  notFound: '优惠码不存在，请核对后重新输入',
  disabled: '该优惠码已停用',
  upcoming: (day: string) => `该优惠码 ${day} 起可用`,
  expired: '该优惠码已过期',
  wrongPackage: (name: string) => `该优惠码仅适用于“${name}”套餐`,
  usedUp: '该优惠码已被用完',
  companyUsed: '贵公司已使用过该优惠码',
  notPending: '只有待支付的订单可以使用优惠码',
  noDiscount: '该套餐已是最低价，无法再使用优惠码',
  codeFormat: '优惠码应为4到20位字母或数字',
  codeTaken: '该优惠码已存在，请换一个',
  percentRange: `折扣比例应为1到${PERCENT_MAX}的整数（%）`,
  endBeforeStart: '结束日期不能早于开始日期',
  maxUsesBelowUsed: (used: number) => `该优惠码已被使用 ${used} 次，总次数不能少于已使用次数`,
  notFoundOp: '优惠码不存在或已被删除',
} as const;

/** How a code shows in the operators' list. */
export const PROMOTION_STATES = { active: '可用', upcoming: '未开始', expired: '已过期', used_up: '已用完', disabled: '已停用' } as const;
export type PromotionState = keyof typeof PROMOTION_STATES;

/** The code as stored: trimmed and upper-case (members type it in any case). */
export const normalizePromotionCode = (s: string) => s.trim().toUpperCase();

export const promotionState = (r: PromotionRule, uses: number, now: number): PromotionState => {
  if (!r.active) return 'disabled';
  if (now < r.starts_at) return 'upcoming';
  if (now >= r.ends_at) return 'expired';
  if (r.max_uses !== null && uses >= r.max_uses) return 'used_up';
  return 'active';
};

/** What the code takes off this price (fen), keeping MIN_PAY_FEN to pay. */
export const promotionDiscount = (r: Pick<PromotionRule, 'kind' | 'value'>, priceFen: number) => {
  const raw = r.kind === 'percent' ? Math.floor((priceFen * r.value) / 100) : r.value;
  return Math.max(0, Math.min(raw, priceFen - MIN_PAY_FEN));
};

/** Why this code cannot be used on this order now, or null when it can. */
export const promotionRefusal = (
  r: PromotionRule,
  at: { now: number; level_id: number; code_level_name: string; price_fen: number; uses: number; company_used: boolean; start_day: string },
): string | null => {
  const state = promotionState(r, at.uses, at.now);
  if (state === 'disabled') return promotionText.disabled;
  if (state === 'upcoming') return promotionText.upcoming(at.start_day);
  if (state === 'expired') return promotionText.expired;
  if (r.level_id !== null && r.level_id !== at.level_id) return promotionText.wrongPackage(at.code_level_name);
  if (at.company_used) return promotionText.companyUsed;
  if (state === 'used_up') return promotionText.usedUp;
  if (promotionDiscount(r, at.price_fen) === 0) return promotionText.noDiscount;
  return null;
};

/** A code's offer in words. */
export const promotionOffer = (r: Pick<PromotionRule, 'kind' | 'value'>) =>
  r.kind === 'percent' ? `减 ${r.value}%` : `减 ¥${(r.value / 100).toFixed(2)}`;
