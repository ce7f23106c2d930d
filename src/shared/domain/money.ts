/**
 * Money as people type and read it (docs/money.md, "Amounts"): on the wire and in the database an
 * amount is whole fen; a page turns the yuan a person types into fen itself, without float
 * arithmetic, and shows fen as yuan with two decimals.
 */

/** Yuan as typed (up to two decimals) to whole fen, or null when it is not such an amount. */
export const yuanToFen = (typed: string): number | null => {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

/** Fen as ¥1,234.50; an amount below zero as −¥1,234.50. */
export const yuan = (fen: number) =>
  `${fen < 0 ? '−' : ''}¥${(Math.abs(fen) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
