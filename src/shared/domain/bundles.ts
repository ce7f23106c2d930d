/**
 * 组合套装 (bundle activities, docs/activities.md "组合套装"): a seller puts 2–5 of its own stock
 * rows, each with a quantity, into one bundle sold at one price below the rows' everyday prices ×
 * quantities summed, from a reserve of bundles taken out of every row at approval. On the order
 * each row is a line at its everyday price with its share of the saving (the 满减 share's column,
 * goods_order_line.reduction_fen), so after-sales refund a line's paid part exactly
 * (full-reduction.ts returnedReduction). The rules both sides run, pure.
 */
import { ordinaryPriceFen, ACTIVITY_QTY_MAX } from './activities';
import type { PriceColumn } from './prices';
import { yuan } from './money';

export const BUNDLE_LINES_MIN = 2;
export const BUNDLE_LINES_MAX = 5;
/** the most pieces of one row in one bundle */
export const BUNDLE_LINE_QTY_MAX = 999;
/** the most one bundle may cost every day (¥1,000,000): its amounts stay whole fen in 32-bit columns */
export const BUNDLE_ORDINARY_MAX_FEN = 100_000_000;

export const bundleText = {
  lines: `组合套装须选${BUNDLE_LINES_MIN}到${BUNDLE_LINES_MAX}条库存`,
  lineQty: `套装中每种配件的数量应为1到${BUNDLE_LINE_QTY_MAX}之间的整数`,
  duplicate: '同一条库存在套装中只能选一次',
  price: '请填写套装价（以分为单位的整数）',
  priceNotBelow: (sum: string) => `套装价应低于各配件日常价×数量之和（${sum}），不省钱的套装不能报名`,
  qty: `套装数量应为1到${ACTIVITY_QTY_MAX}之间的整数`,
  qtyOverStock: (oe: string, stock: number, most: number) => `套装数量超出库存：${oe} 当前库存${stock}件，最多够${most}套`,
  ordinaryTooLarge: '套装各配件日常价×数量之和不能超过¥1,000,000.00，请减少配件数量',
  noPrice: (oe: string) => `${oe} 没有价格，不能组合套装`,
  stockOff: (oe: string) => `${oe} 已下架，不能组合套装`,
  notBundle: '这个活动不是组合套装，请用报名活动',
  isBundle: '组合套装活动请选择2到5条库存组合报名',
  approveShort: (oe: string, n: number) => `库存不足，不能通过：${oe} 当前库存${n}件，不够活动的套数`,
} as const;

/** one row of a bundle as the seller chose it, with what the row holds now */
export interface BundleRow {
  stockId: number;
  supplierOe: string;
  /** pieces of the row in one bundle */
  qty: number;
  /** the row's pieces now */
  quantity: number;
  on: boolean;
  prices: Partial<Record<PriceColumn, number | null>>;
}

/** what the bundle's rows cost every day: each row's everyday price × its quantity, summed (null when a row has no price) */
export const bundleOrdinaryFen = (rows: readonly Pick<BundleRow, 'qty' | 'prices'>[]): number | null => {
  let sum = 0;
  for (const r of rows) {
    const p = ordinaryPriceFen(r.prices);
    if (p === null) return null;
    sum += p * r.qty;
  }
  return sum;
};

/**
 * Why these rows cannot make a bundle of `priceFen` with `bundles` reserved (null when they can):
 * 2–5 rows, each once, each quantity 1–999, every row on sale with a price, the price above 0 and
 * below the everyday sum, and every row holding quantity × bundles pieces. The field and the text.
 */
export const bundleRefusal = (rows: readonly BundleRow[], priceFen: number, bundles: number): { field: 'lines' | 'bundle_price_fen' | 'bundle_qty'; text: string } | null => {
  if (rows.length < BUNDLE_LINES_MIN || rows.length > BUNDLE_LINES_MAX) return { field: 'lines', text: bundleText.lines };
  if (new Set(rows.map((r) => r.stockId)).size !== rows.length) return { field: 'lines', text: bundleText.duplicate };
  for (const r of rows) {
    if (!Number.isInteger(r.qty) || r.qty < 1 || r.qty > BUNDLE_LINE_QTY_MAX) return { field: 'lines', text: bundleText.lineQty };
    if (!r.on) return { field: 'lines', text: bundleText.stockOff(r.supplierOe) };
    if (ordinaryPriceFen(r.prices) === null) return { field: 'lines', text: bundleText.noPrice(r.supplierOe) };
  }
  if (!Number.isInteger(priceFen) || priceFen < 1) return { field: 'bundle_price_fen', text: bundleText.price };
  const ordinary = bundleOrdinaryFen(rows)!;
  if (ordinary > BUNDLE_ORDINARY_MAX_FEN) return { field: 'lines', text: bundleText.ordinaryTooLarge };
  if (priceFen >= ordinary) return { field: 'bundle_price_fen', text: bundleText.priceNotBelow(yuan(ordinary)) };
  if (!Number.isInteger(bundles) || bundles < 1 || bundles > ACTIVITY_QTY_MAX) return { field: 'bundle_qty', text: bundleText.qty };
  for (const r of rows) {
    if (r.qty * bundles > r.quantity) return { field: 'bundle_qty', text: bundleText.qtyOverStock(r.supplierOe, r.quantity, Math.floor(r.quantity / r.qty)) };
  }
  return null;
};

/**
 * Splits one bundle's price over its lines in proportion to their everyday amounts (price × quantity):
 * each line its floor, the rounding's remainder on the last line. No line's part passes its
 * everyday amount (only possible for amounts of a few fen): the excess moves to the lines before.
 * The parts add up to `priceFen` exactly.
 */
export const splitBundlePrice = (amounts: readonly number[], priceFen: number): number[] => {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (amounts.length === 0 || sum <= 0) return amounts.map(() => 0);
  const price = Math.min(priceFen, sum);
  const parts = amounts.map((a) => Math.floor((a * price) / sum));
  parts[parts.length - 1] += price - parts.reduce((s, x) => s + x, 0);
  for (let i = parts.length - 1; i > 0; i--) {
    const over = parts[i] - amounts[i];
    if (over > 0) { parts[i] -= over; parts[i - 1] += over; }
  }
  return parts;
};

/** one line of a bundle as recorded: pieces per bundle, everyday price per piece, its part of one bundle's price */
export interface BundleLine { qty: number; ordinary_fen: number; share_fen: number }

/**
 * The order lines of `n` bundles: each row's pieces (qty × n) at its everyday price, and its share
 * of the saving (everyday amount less its part of the price, × n) — the line's reduction, which
 * after-sales take back in proportion to the pieces returned (returnedReduction).
 */
export const bundleOrderLines = (lines: readonly BundleLine[], n: number) =>
  lines.map((l) => ({ qty: l.qty * n, unit_price_fen: l.ordinary_fen, amount_fen: l.ordinary_fen * l.qty * n, reduction_fen: (l.ordinary_fen * l.qty - l.share_fen) * n }));
