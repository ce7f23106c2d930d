/**
 * Price columns (requirements 000-3) and who sees them. Our rule, as wholesale marketplaces do it: formal
 * (paid) members see every column, wholesale included; registered and trial members see the
 * standard and retail prices. Money travels as integer fen.
 */
export const PRICE_COLUMNS = ['price99', 'price0', 'price1', 'price2', 'price3', 'price5'] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];

export const PRICE_LABELS: Record<PriceColumn, string> = {
  price99: '标准价', price0: '批发价(不含税)', price1: '批发价(含税)', price2: '零售价(不含税)', price3: '零售价(含税)', price5: '钉箱费',
};

/** The column a cart or order line was charged at, in words: a price column, or 报价 for a line bought from a quote. */
export const chargedColumnLabel = (column: string | null | undefined) =>
  column === 'quote' ? '询价报价' : column === 'circle' ? '商圈价' : column ? (PRICE_LABELS as Record<string, string>)[column] ?? '' : '';

export const visiblePriceColumns = (levelType: 'free' | 'paid'): readonly PriceColumn[] =>
  levelType === 'paid' ? PRICE_COLUMNS : ['price99', 'price2', 'price3'];

/** 12345 fen → "123.45" */
export const formatFen = (fen: number | null | undefined): string => (fen === null || fen === undefined ? '' : (fen / 100).toFixed(2));
