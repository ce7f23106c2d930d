/**
 * The platform warranty (平台质保, docs/warranty.md): the operator's terms say how many months after
 * receipt a buyer may still ask a seller under warranty for an after-sale for a quality problem,
 * for which parts categories; a seller is under warranty while the months it bought run
 * (company.warranty_until). Pure rules, used by the server and the pages alike.
 */
import { inChina } from './china-time';

export const WARRANTY_MONTHS_MIN = 1;
export const WARRANTY_MONTHS_MAX = 36;
export const WARRANTY_NAME_MAX = 30;
export const WARRANTY_DESCRIPTION_MAX = 500;
export const WARRANTY_CATEGORY_MAX = 20;
export const WARRANTY_CATEGORIES_MAX = 20;
/** A pack of the paid service is at most this many months, and a seller's warranty ends at most this many months ahead. */
export const WARRANTY_PACK_MONTHS_MAX = 36;
export const WARRANTY_AHEAD_MONTHS_MAX = 120;
/** The after-sale reason a warranty covers (shared/domain/aftersale AFTERSALE_REASONS). */
export const WARRANTY_REASON = '质量问题';

export interface WarrantyTermRule { months: number; categories: readonly string[]; enabled: boolean }

/** The months of the longest enabled term covering a part of this category (no categories: all parts); 0 when none does. */
export const coveringMonths = (terms: readonly WarrantyTermRule[], category: string): number =>
  terms.reduce((best, t) => (t.enabled && (t.categories.length === 0 || t.categories.includes(category)) ? Math.max(best, t.months) : best), 0);

/**
 * The date `months` calendar months after `from` on the China calendar (the day clamped to the
 * month's last, as 1-31 + 1 month = 2-28), as membership periods count (membership.ts).
 */
export const addMonths = (from: Date, months: number): Date => inChina(from).add(months, 'month').toDate();

/** A purchase of `months` extends the warranty from the later of now and its current end. */
export const extendedUntil = (current: Date | null, now: Date, months: number): Date =>
  addMonths(current && current.getTime() > now.getTime() ? current : now, months);

/** Whether a seller's warranty runs at `now`. */
export const warrantyActive = (until: Date | null, now: Date): boolean => until !== null && until.getTime() > now.getTime();

/** The last moment (unix seconds) a received line may get a warranty after-sale. */
export const warrantyWindowEnd = (receivedAtS: number, months: number): number =>
  Math.floor(addMonths(new Date(receivedAtS * 1000), months).getTime() / 1000);

export const warrantyText = {
  id: '质保条款编号无效',
  notFound: '质保条款不存在',
  name: `请填写条款名称（1 至 ${WARRANTY_NAME_MAX} 个字）`,
  nameTaken: '已有同名的质保条款，请换一个名称',
  months: `质保月数应为 ${WARRANTY_MONTHS_MIN} 至 ${WARRANTY_MONTHS_MAX} 之间的整数`,
  categories: `适用配件分类最多 ${WARRANTY_CATEGORIES_MAX} 个，每个 1 至 ${WARRANTY_CATEGORY_MAX} 个字`,
  description: `条款说明最多 ${WARRANTY_DESCRIPTION_MAX} 个字`,
  enabled: '请选择是否启用',
  /** the mark beside an offer or on a shop */
  mark: (months: number) => `质保${months}个月`,
  packMonths: `平台质保每包月数应为 1 至 ${WARRANTY_PACK_MONTHS_MAX} 之间的整数`,
  tooFarAhead: (endDay: string) => `平台质保最多购买到 ${WARRANTY_AHEAD_MONTHS_MAX / 12} 年后，这次购买将延长到 ${endDay}，请减少购买包数`,
  /** an after-sale opened under warranty */
  afterSale: '质保售后',
} as const;
