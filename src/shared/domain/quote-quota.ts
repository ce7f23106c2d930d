/**
 * The daily quote limit (docs/money.md#paid-services): a company level's `quote_per_day` free
 * quotes per China day (null: no limit), then quotes bought in 报价包, taken one by one and kept
 * until used. Only a new quote counts: answering 无货 and changing a quote already given are free.
 */

export const quoteQuotaText = {
  usedUp: '今日报价次数已用完，可在“财务 → 购买服务”购买报价包，购买后即可继续报价',
  perDay: '每日报价次数应为 0 到 99999 的整数，留空为不限',
} as const;

export const QUOTE_PER_DAY_MAX = 99_999;

export interface QuoteStandingFacts {
  /** the level's free quotes a day; null: no limit */
  per_day: number | null;
  /** free quotes used today */
  free_used: number;
  /** bought quotes used today */
  bought_used: number;
  /** bought quotes left (all days) */
  bought_left: number;
}

export interface QuoteStanding {
  per_day: number | null;
  /** quotes given today, free and bought */
  used_today: number;
  /** free quotes left today; null: no limit */
  free_left: number | null;
  bought_left: number;
  /** what the next new quote takes: a free one, a bought one, or none is left */
  next: 'free' | 'bought' | 'none';
}

export const quoteStanding = (f: QuoteStandingFacts): QuoteStanding => {
  const freeLeft = f.per_day === null ? null : Math.max(0, f.per_day - f.free_used);
  return {
    per_day: f.per_day,
    used_today: f.free_used + f.bought_used,
    free_left: freeLeft,
    bought_left: Math.max(0, f.bought_left),
    next: freeLeft === null || freeLeft > 0 ? 'free' : f.bought_left > 0 ? 'bought' : 'none',
  };
};

/** One line for the seller: 今日已报价 N 次，免费剩余 M 次，已购剩余 K 次. */
export const quoteStandingText = (s: QuoteStanding) =>
  s.free_left === null
    ? `今日已报价 ${s.used_today} 次，报价不限次数`
    : `今日已报价 ${s.used_today} 次，每日免费 ${s.per_day} 次（剩余 ${s.free_left} 次），已购报价次数剩余 ${s.bought_left} 次`;
