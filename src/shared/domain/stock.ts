/**
 * The seller's own stock (requirements 001-3, 001-4): which fields a price edit may target, the inline
 * edit rule, amounts typed in yuan, and quantity adjustments sent as deltas. Used by the stock page
 * and by the server's schemas, so both refuse the same input with the same words.
 */
import { PRICE_COLUMNS, PRICE_LABELS, type PriceColumn } from './prices';

/** 产品管理 (M03): the stock page and every stock write. */
export const STOCK_CODES = ['M03'] as const;

/** The fields updateStockPrice may target: the six price columns (fen) and the Vietnamese price (whole dong). */
export const STOCK_PRICE_FIELDS = [...PRICE_COLUMNS, 'vn_price'] as const;
export type StockPriceField = (typeof STOCK_PRICE_FIELDS)[number];

export const STOCK_PRICE_LABELS: Record<StockPriceField, string> = { ...PRICE_LABELS, vn_price: '越南价(越南盾)' };

/** 9,999,999.99 yuan: no part costs more, and the column (integer fen) holds it. */
export const MAX_PRICE_FEN = 999_999_999;
export const MAX_VN_PRICE = 999_999_999;
export const MAX_QUANTITY = 9_999_999;
/** the largest single adjustment (+/-) */
export const MAX_DELTA = 999_999;

export const STOCK_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

export const STOCK_SORT_FIELDS = ['create_date', 'prod_write_date', 'price_write_date', 'stock_write_date', 'quantity', 'supplier_oe', 'name', ...PRICE_COLUMNS] as const;
export type StockSortField = (typeof STOCK_SORT_FIELDS)[number];

export const STOCK_STATE_TEXT = { on: '在售', off: '已下架' } as const;
export const SALE_STATE_TEXT = { normal: '正常', promotion: '促销' } as const;
export const CLEAN_STATE_TEXT = { normal: '正常', clearance: '清仓' } as const;
export const PRICE_LOCK_TEXT = { locked: '已锁定', unlocked: '未锁定' } as const;

export const stockText = {
  /** a row an activity ever took part of stays for the activity's record (docs/activities.md) */
  inActivity: '所选库存中有参加过平台活动的配件，不能删除；不再销售请改为下架',
  priceLocked: '该库存的价格已锁定，请先解锁再修改价格',
  notOwnStock: '该库存不存在或不属于本公司',
  staleQuantity: (current: number) => `没有被覆盖：库存已被他人修改为 ${current}，请确认后重新填写`,
  belowZero: (current: number, delta: number) => `库存不足：当前库存 ${current}，不能减少 ${Math.abs(delta)}`,
  aboveMax: `库存数量不能超过 ${MAX_QUANTITY}`,
  deltaZero: '调整数量不能为 0',
  noRows: '请先选择库存',
  duplicate: '本公司已有相同 OE号、品牌和自编码的库存，请直接修改那一行',
  unknown: (label: string) => `${label}不存在，请重新选择`,
};

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/**
 * An amount typed in yuan (at most 2 decimals) as integer fen. Accepts what people type: spaces
 * around, a leading ¥, thousands separators are refused (ambiguous with decimals elsewhere).
 */
export const parseYuan = (raw: string | number, label: string): Parsed => {
  const s = String(raw).trim().replace(/^[¥￥]/, '').trim();
  if (s === '') return { ok: false, message: `请填写${label}` };
  if (!/^\d+(\.\d+)?$/.test(s)) return { ok: false, message: `${label}须为不小于0的数字` };
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { ok: false, message: `${label}最多两位小数` };
  const [whole, frac = ''] = s.split('.');
  if (whole.replace(/^0+/, '').length > 7) return { ok: false, message: `${label}不能超过 9999999.99 元` };
  return { ok: true, value: Number(whole) * 100 + Number(frac.padEnd(2, '0')) };
};

/** A whole number of at least 0 and at most max (quantities, dong). */
export const parseWhole = (raw: string | number, label: string, max: number): Parsed => {
  const s = String(raw).trim();
  if (s === '') return { ok: false, message: `请填写${label}` };
  if (!/^\d+$/.test(s)) return { ok: false, message: `${label}须为不小于0的整数` };
  if (s.replace(/^0+/, '').length > String(max).length || Number(s) > max) return { ok: false, message: `${label}不能超过 ${max}` };
  return { ok: true, value: Number(s) };
};

/** What a price field holds, parsed by its own unit: fen for the price columns, whole dong for vn_price. */
export const parsePrice = (field: StockPriceField, raw: string | number): Parsed =>
  field === 'vn_price' ? parseWhole(raw, STOCK_PRICE_LABELS.vn_price, MAX_VN_PRICE) : parseYuan(raw, STOCK_PRICE_LABELS[field as PriceColumn]);

export type InlineOutcome = { save: true; value: number } | { save: false; reason: 'unchanged' } | { save: false; reason: 'invalid'; message: string };

/**
 * The inline edit rule of requirements 001-4: on leaving the field, save only if the value is a number of at
 * least 0 and changed; otherwise the cell goes back to what it was. Prices are typed in yuan.
 */
export const inlineEdit = (field: StockPriceField | 'quantity', raw: string, current: number | null): InlineOutcome => {
  const parsed = field === 'quantity' ? parseWhole(raw, '库存数量', MAX_QUANTITY) : parsePrice(field, raw);
  if (!parsed.ok) return { save: false, reason: 'invalid', message: parsed.message };
  if (parsed.value === current) return { save: false, reason: 'unchanged' };
  return { save: true, value: parsed.value };
};

/** The quantity an adjustment leaves, or why it cannot be applied. */
export const applyDelta = (current: number, delta: number): Parsed => {
  if (!Number.isInteger(delta) || delta === 0) return { ok: false, message: stockText.deltaZero };
  const next = current + delta;
  if (next < 0) return { ok: false, message: stockText.belowZero(current, delta) };
  if (next > MAX_QUANTITY) return { ok: false, message: stockText.aboveMax };
  return { ok: true, value: next };
};

/**
 * What the page shows while adjustments wait in the outbox: the server's quantity plus every
 * queued delta of the row. Each delta keeps its own idempotency key and is sent on its own, so the
 * server applies each exactly once and two people's adjustments both count.
 */
export const pendingQuantity = (serverQuantity: number, queued: ReadonlyArray<{ delta: number }>): number =>
  Math.max(0, queued.reduce((q, d) => q + d.delta, serverQuantity));
