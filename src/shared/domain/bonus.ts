/**
 * The performance bonus (业绩奖励, docs/bonus.md): the rules both sides use. A rule set is a list
 * of bands of a seller's monthly sales of rows marked in 业绩设置; the band the month's sales
 * reach gives the rate (basis points) paid on the whole month's sales, rounded down to the fen.
 * Bands start at 0, follow each other without overlap or gap, and the last has no upper limit.
 * Amounts in fen; BigInt where sales × rate could pass 2^53.
 */
import { yuan } from './money';
import { MONTH_PATTERN } from './china-time';
export { BONUS_CODES, OP_BONUS_CODES } from './bonus-codes';

export const BONUS_BANDS_MAX = 10;
/** The highest rate of a band: 30 % (3,000 basis points). */
export const BONUS_RATE_MAX_BP = 3000;
/** The highest band limit: 10 billion yuan, the ledger's largest entry. */
export const BONUS_LIMIT_MAX_FEN = 1_000_000_000_000;
/** The sweep settles last month from this China day of the month on (after-sales of the month's last days can land). */
export const BONUS_SETTLE_DAY = 8;

export interface BonusBand {
  from_fen: number;
  /** 0: no upper limit (the last band only) */
  to_fen: number;
  rate_bp: number;
}

/** Basis points as a percentage: 150 → 1.5%. */
export const rateText = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

/** A band in words: ¥50,000.00 – ¥200,000.00 奖励 1%. */
export const bandText = (b: BonusBand) => `${yuan(b.from_fen)} – ${b.to_fen === 0 ? '不设上限' : yuan(b.to_fen)}：奖励 ${rateText(b.rate_bp)}`;

export const bonusText = {
  bands: '奖励档位',
  month: '月份应为 YYYY-MM 格式',
  effectiveMonth: '生效月份应为 YYYY-MM 格式',
  effectivePast: '生效月份不能早于本月：已经过去的月份按当时的规则计算',
  settleMonth: '结算月份应为 YYYY-MM 格式',
  settleNotEnded: '只能结算已经结束的月份：本月的业绩还在变化',
  noRule: (month: string) => `${month} 没有生效的奖励规则，不能结算`,
  notSeller: '只有卖家企业有业绩奖励',
  mineCodes: '需要企业负责人或财务权限才能查看业绩奖励',
  none: '未设置奖励规则',
} as const;

/** Why a list of bands is refused (a Chinese message naming the band), or null when it is a good rule. */
export const bandsProblem = (bands: readonly BonusBand[]): string | null => {
  if (bands.length === 0) return '请至少设置一个奖励档位';
  if (bands.length > BONUS_BANDS_MAX) return `奖励档位最多${BONUS_BANDS_MAX}个`;
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i];
    const n = i + 1;
    const last = i === bands.length - 1;
    for (const x of [b.from_fen, b.to_fen, b.rate_bp]) if (!Number.isSafeInteger(x) || x < 0) return `第${n}档的金额和比例应为不小于0的整数`;
    if (b.from_fen > BONUS_LIMIT_MAX_FEN || b.to_fen > BONUS_LIMIT_MAX_FEN) return `第${n}档的金额不能超过${yuan(BONUS_LIMIT_MAX_FEN)}`;
    if (b.rate_bp > BONUS_RATE_MAX_BP) return `第${n}档的奖励比例不能超过${rateText(BONUS_RATE_MAX_BP)}`;
    if (i === 0 && b.from_fen !== 0) return `第1档应从 ¥0.00 起：低于 ${yuan(b.from_fen)} 的销售额不在任何一档`;
    if (b.to_fen === 0 && !last) return `只有最后一档可以不设上限：第${n}档应填写上限`;
    if (b.to_fen !== 0 && last) return `最后一档（第${n}档）应不设上限：超过 ${yuan(b.to_fen)} 的销售额不在任何一档`;
    if (b.to_fen !== 0 && b.to_fen <= b.from_fen) return `第${n}档的上限应大于下限`;
    if (i > 0) {
      const prev = bands[i - 1];
      if (b.from_fen < prev.to_fen) return `第${n}档与第${i}档重叠：第${n}档应从 ${yuan(prev.to_fen)} 起`;
      if (b.from_fen > prev.to_fen) return `第${n}档与第${i}档之间有空缺：${yuan(prev.to_fen)} 至 ${yuan(b.from_fen)} 不在任何一档`;
    }
  }
  return null;
};

/** The index of the band a month's sales reach (bands valid by `bandsProblem`). */
export const bandIndex = (bands: readonly BonusBand[], salesFen: number) => {
  for (let i = bands.length - 1; i >= 0; i--) if (salesFen >= bands[i].from_fen) return i;
  return 0;
};

/** The bonus of a month's sales at a rate: rounded down to the fen (the platform never pays more than its rule). */
export const bonusFen = (salesFen: number, rateBp: number) =>
  salesFen <= 0 || rateBp <= 0 ? 0 : Number((BigInt(salesFen) * BigInt(rateBp)) / 10_000n);

export interface BonusFigures {
  /** 1-based band number, 0 when no rule is in force */
  band: number;
  rate_bp: number;
  bonus_fen: number;
  /** what is still to sell to reach the next band; 0 in the top band or without a rule */
  to_next_fen: number;
  next_rate_bp: number;
}

/** A seller's figures for a month's sales under a rule (null: no rule in force). */
export const bonusFigures = (bands: readonly BonusBand[] | null, salesFen: number): BonusFigures => {
  if (!bands || bands.length === 0) return { band: 0, rate_bp: 0, bonus_fen: 0, to_next_fen: 0, next_rate_bp: 0 };
  const sales = Math.max(0, salesFen);
  const i = bandIndex(bands, sales);
  const b = bands[i];
  const next = bands[i + 1];
  return {
    band: i + 1, rate_bp: b.rate_bp, bonus_fen: bonusFen(sales, b.rate_bp),
    to_next_fen: next ? next.from_fen - sales : 0, next_rate_bp: next ? next.rate_bp : 0,
  };
};

/** The China month (YYYY-MM) of a moment. */
export const chinaMonthOf = (at: Date) => {
  const d = new Date(at.getTime() + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The instants a China month (YYYY-MM) begins and ends [start, end). */
export const chinaMonthRange = (month: string) => {
  if (!MONTH_PATTERN.test(month)) throw new Error(`not a month: ${month}`);
  const [y, m] = month.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000), end: new Date(Date.UTC(y, m, 1) - 8 * 3600_000) };
};

/** The month before a month (YYYY-MM). */
export const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** The China day of the month of a moment (1–31). */
export const chinaDayOfMonth = (at: Date) => new Date(at.getTime() + 8 * 3600_000).getUTCDate();

/** The rule in force for a month: the rule set with the latest effective month not after it. */
export const ruleFor = <R extends { effective_month: string }>(rules: readonly R[], month: string): R | null =>
  rules.filter((r) => r.effective_month <= month).sort((a, b) => (a.effective_month < b.effective_month ? 1 : -1))[0] ?? null;
