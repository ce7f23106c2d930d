/**
 * The bands of a bonus rule as the operator types them (docs/bonus.md, "The operator's pages"):
 * one line a band, `下限-上限 比例%` in yuan, the last line without an upper limit
 * (`200000- 1.5%`). Turned into fen and basis points without float arithmetic.
 */
import { yuanToFen } from '../../../../shared/domain/money';
import type { BonusBand } from '../../../../shared/domain/bonus';

const plainYuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));
const plainRate = (bp: number) => String(Number((bp / 100).toFixed(2)));

export const bandsToText = (bands: readonly BonusBand[]) =>
  bands.map((b) => `${plainYuan(b.from_fen)}-${b.to_fen === 0 ? '' : plainYuan(b.to_fen)} ${plainRate(b.rate_bp)}%`).join('\n');

/** A percentage as typed (up to two decimals) to basis points, or null. */
export const percentToBp = (typed: string): number | null => {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

const LINE = /^\s*([\d.]+)\s*[-–~～至]\s*([\d.]*)\s*[\s，,：:]\s*([\d.]+)\s*[%％]?\s*$/;

/** The typed lines as bands, or the Chinese message naming the line that is not a band. */
export const textToBands = (typed: string): { bands: BonusBand[] } | { error: string } => {
  const lines = typed.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return { error: '请至少设置一个奖励档位' };
  const bands: BonusBand[] = [];
  for (const [i, line] of lines.entries()) {
    const m = LINE.exec(line);
    const from = m ? yuanToFen(m[1]) : null;
    const to = m ? (m[2] === '' ? 0 : yuanToFen(m[2])) : null;
    const rate = m ? percentToBp(m[3]) : null;
    if (from === null || to === null || rate === null) return { error: `第${i + 1}行应写成“下限-上限 比例%”（元），如 50000-200000 1%；最后一档不填上限，如 200000- 1.5%` };
    bands.push({ from_fen: from, to_fen: to, rate_bp: rate });
  }
  return { bands };
};
