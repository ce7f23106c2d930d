/** Yuan as typed (up to two decimals) to whole fen, or null when it is not such an amount (docs/api.md: money on the wire is fen). */
export const yuanToFen = (typed: string): number | null => {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
