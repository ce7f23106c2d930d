import { describe, expect, it } from 'vitest';
import { bandIndex, bandsProblem, bonusFen, bonusFigures, chinaMonthOf, chinaMonthRange, previousMonth, ruleFor, type BonusBand } from './bonus';

const Y = 100; // fen per yuan
const RULE: BonusBand[] = [
  { from_fen: 0, to_fen: 50_000 * Y, rate_bp: 0 },
  { from_fen: 50_000 * Y, to_fen: 200_000 * Y, rate_bp: 100 },
  { from_fen: 200_000 * Y, to_fen: 0, rate_bp: 150 },
];

describe('bonus bands', () => {
  it('accepts bands from 0, end to end, the last without a limit', () => {
    expect(bandsProblem(RULE)).toBeNull();
    expect(bandsProblem([{ from_fen: 0, to_fen: 0, rate_bp: 200 }])).toBeNull();
  });

  it('refuses overlapping bands, naming them', () => {
    const overlap = [RULE[0], { ...RULE[1], from_fen: 40_000 * Y }, RULE[2]];
    expect(bandsProblem(overlap)).toBe('第2档与第1档重叠：第2档应从 ¥50,000.00 起');
  });

  it('refuses a gap between bands, naming the amounts left out', () => {
    const gap = [RULE[0], RULE[1], { ...RULE[2], from_fen: 250_000 * Y }];
    expect(bandsProblem(gap)).toBe('第3档与第2档之间有空缺：¥200,000.00 至 ¥250,000.00 不在任何一档');
  });

  it('refuses a first band not from 0, a closed last band, an open middle band, an upper limit not above the lower', () => {
    expect(bandsProblem([{ ...RULE[0], from_fen: 100 }, RULE[1], RULE[2]])).toMatch(/^第1档应从 ¥0.00 起/);
    expect(bandsProblem([RULE[0], RULE[1]])).toMatch(/^最后一档（第2档）应不设上限/);
    expect(bandsProblem([{ ...RULE[0], to_fen: 0 }, RULE[1], RULE[2]])).toBe('只有最后一档可以不设上限：第1档应填写上限');
    expect(bandsProblem([{ from_fen: 0, to_fen: 5000, rate_bp: 0 }, { from_fen: 5000, to_fen: 5000, rate_bp: 0 }, { from_fen: 5000, to_fen: 0, rate_bp: 1 }])).toBe('第2档的上限应大于下限');
  });

  it('refuses rates above 30 %, no bands, and more than ten', () => {
    expect(bandsProblem([{ from_fen: 0, to_fen: 0, rate_bp: 3001 }])).toBe('第1档的奖励比例不能超过30%');
    expect(bandsProblem([])).toBe('请至少设置一个奖励档位');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ from_fen: i * 100, to_fen: i === 10 ? 0 : (i + 1) * 100, rate_bp: i }));
    expect(bandsProblem(eleven)).toBe('奖励档位最多10个');
  });

  it('finds the band reached: a band holds its lower limit, not its upper', () => {
    expect(bandIndex(RULE, 0)).toBe(0);
    expect(bandIndex(RULE, 50_000 * Y - 1)).toBe(0);
    expect(bandIndex(RULE, 50_000 * Y)).toBe(1);
    expect(bandIndex(RULE, 200_000 * Y)).toBe(2);
    expect(bandIndex(RULE, 10 ** 12)).toBe(2);
  });

  it('pays the reached band rate on the whole month, rounded down to the fen', () => {
    expect(bonusFen(12_345, 150)).toBe(185); // 185.175 fen
    expect(bonusFen(99, 100)).toBe(0); // 0.99 fen
    expect(bonusFen(0, 150)).toBe(0);
    expect(bonusFen(10 ** 12, 3000)).toBe(3 * 10 ** 11); // beyond 2^53 in between: exact
    expect(bonusFen(900_719_925_474_099, 3)).toBe(270_215_977_642); // 270215977642.2297
  });

  it('gives the figures of a month: band, bonus, what is left to the next band', () => {
    expect(bonusFigures(RULE, 60_000 * Y)).toEqual({ band: 2, rate_bp: 100, bonus_fen: 600 * Y, to_next_fen: 140_000 * Y, next_rate_bp: 150 });
    expect(bonusFigures(RULE, 300_000 * Y)).toEqual({ band: 3, rate_bp: 150, bonus_fen: 4_500 * Y, to_next_fen: 0, next_rate_bp: 0 });
    expect(bonusFigures(RULE, 0)).toEqual({ band: 1, rate_bp: 0, bonus_fen: 0, to_next_fen: 50_000 * Y, next_rate_bp: 100 });
    expect(bonusFigures(null, 60_000 * Y)).toEqual({ band: 0, rate_bp: 0, bonus_fen: 0, to_next_fen: 0, next_rate_bp: 0 });
  });
});

describe('bonus months (China time)', () => {
  it('counts a moment in the China month it falls in', () => {
    expect(chinaMonthOf(new Date('2026-10-31T16:00:00Z'))).toBe('2026-11'); // 11-01 00:00 in China
    expect(chinaMonthOf(new Date('2026-10-31T15:59:59Z'))).toBe('2026-10');
    const { start, end } = chinaMonthRange('2026-12');
    expect(start.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });

  it('applies the rule with the latest effective month not after the month', () => {
    const rules = [{ effective_month: '2026-06' }, { effective_month: '2026-11' }, { effective_month: '2027-01' }];
    expect(ruleFor(rules, '2026-05')).toBeNull();
    expect(ruleFor(rules, '2026-10')?.effective_month).toBe('2026-06');
    expect(ruleFor(rules, '2026-12')?.effective_month).toBe('2026-11');
    expect(ruleFor(rules, '2027-03')?.effective_month).toBe('2027-01');
  });
});
