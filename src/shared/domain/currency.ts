/**
 * Display currency of prices (requirements 000-1, 000-9): prices are stored and sent in integer fen (CNY); the
 * overseas mall shows them in Vietnamese dong at the rate of getExchangerateList. Conversion runs in
 * integer arithmetic (rate in millionths, BigInt product) so a price never picks up float noise.
 */
export const CURRENCIES = ['VND', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_LABELS: Record<Currency, string> = { CNY: '人民币', VND: '越南盾' };

export const isCurrency = (x: unknown): x is Currency => typeof x === 'string' && (CURRENCIES as readonly string[]).includes(x);

const RATE_SCALE = 1_000_000n;
const FEN_PER_YUAN = 100n;

/** Round half away from zero of n / d, both BigInt, d > 0. */
const divRound = (n: bigint, d: bigint): bigint => (n >= 0n ? (n + d / 2n) / d : -((-n + d / 2n) / d));

/** fen of CNY → whole dong at `rate` dong per yuan (the dong has no minor unit in use). */
export const fenToDong = (fen: number, rate: number): number => {
  const micro = BigInt(Math.round(rate * 1_000_000));
  return Number(divRound(BigInt(Math.round(fen)) * micro, FEN_PER_YUAN * RATE_SCALE));
};

/** whole dong → fen of CNY at `rate` dong per yuan (a VND quote's price, fixed when it is made). */
export const dongToFen = (dong: number, rate: number): number => {
  const micro = BigInt(Math.round(rate * 1_000_000));
  return Number(divRound(BigInt(Math.round(dong)) * FEN_PER_YUAN * RATE_SCALE, micro));
};

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A price in fen for display: `¥1,234.50` in yuan, or `₫4,467,038` in dong when VND is chosen and a
 * positive rate is known. Without a usable rate the price stays in yuan rather than showing a
 * made-up figure. Empty for a missing price.
 */
export const formatMoney = (fen: number | null | undefined, currency: Currency, vndRate?: number | null): string => {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  const sign = fen < 0 ? '-' : '';
  if (currency === 'VND' && vndRate && vndRate > 0) return `${sign}₫${group(String(Math.abs(fenToDong(fen, vndRate))))}`;
  const abs = Math.abs(Math.round(fen));
  return `${sign}¥${group(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
};

/** The currency actually shown: VND only with a usable rate. */
export const effectiveCurrency = (chosen: Currency, vndRate?: number | null): Currency =>
  chosen === 'VND' && vndRate && vndRate > 0 ? 'VND' : 'CNY';
