/**
 * Cart rules shared by server and page (requirements 000-3, 000-4, 000-9): which price column a line is charged at,
 * and the totals. Money is integer fen; only lines with productSource 1 (stock on sale with a
 * price) count and can be checked.
 */
import type { PriceColumn } from './prices';
import type { CustomerPriceLevel } from './customer';

export const CART_TYPE_CODES = ['配件产品', '临时产品'] as const;
export type CartTypeCode = (typeof CART_TYPE_CODES)[number];

/** 1: stock on sale, in stock, with a price; 2: no longer purchasable (下架, 无货, 暂无报价) */
export const PRODUCT_SOURCE_ON_SALE = 1;
export const PRODUCT_SOURCE_UNAVAILABLE = 2;

/** one line holds at most this many pieces; a cart at most this many lines */
export const CART_MAX_QTY = 9999;
export const CART_MAX_LINES = 200;

/**
 * The column a buyer is charged at: formal (paid) members buy at the wholesale price, others at
 * the retail price, with or without tax as the line's tax flag says; the standard price (标准价)
 * when the seller left that column empty. A seller's customer level (客户等级, docs/customers.md)
 * replaces the membership's choice for that seller's lines.
 */
export const chargedColumns = (levelType: 'free' | 'paid', includeTax: boolean, customerLevel: CustomerPriceLevel = 'member'): readonly PriceColumn[] => {
  if (customerLevel === 'standard') return ['price99'];
  const wholesale = customerLevel === 'wholesale' || (customerLevel === 'member' && levelType === 'paid');
  const own: PriceColumn = wholesale ? (includeTax ? 'price1' : 'price0') : (includeTax ? 'price3' : 'price2');
  return [own, 'price99'];
};

export const unitPrice = (prices: Partial<Record<PriceColumn, number | null>>, levelType: 'free' | 'paid', includeTax: boolean, customerLevel?: CustomerPriceLevel): { column: PriceColumn; fen: number } | null => {
  for (const column of chargedColumns(levelType, includeTax, customerLevel)) {
    const fen = prices[column];
    if (fen !== null && fen !== undefined && fen > 0) return { column, fen };
  }
  return null;
};

export interface CartLine { qty: number; amount: number; checked: boolean; productSource: number }

/** What the page and the toolbar show: lines on sale, and the checked ones' pieces and amount. */
export const cartTotals = (lines: readonly CartLine[]) => {
  const live = lines.filter((l) => l.productSource === PRODUCT_SOURCE_ON_SALE);
  const chosen = live.filter((l) => l.checked);
  return {
    count: live.length,
    checkedCount: chosen.length,
    checkedQty: chosen.reduce((s, l) => s + l.qty, 0),
    checkedAmount: chosen.reduce((s, l) => s + l.amount, 0),
  };
};
