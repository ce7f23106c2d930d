/**
 * The open platform's partner calls (docs/open-platform.md, "Partner calls"): a parts company's
 * ERP reads and syncs its own stock and handles its own sales and purchase orders with a signed
 * API key. Every call is scoped to the key's company; money is integer fen both ways; lists page
 * with `page_size` (the one rule, page-size.ts) and an opaque `cursor` (keyset, never OFFSET).
 * No path is another's prefix plus one segment: the edge mounts each path also with `/:id`, so a
 * list at `/orders/sales` would answer `/orders/sales/detail`.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { pageSizeField } from './page-size';
import { orderDetailSchema, orderSummarySchema } from './orders';
import { LOGISTICS_NO_RE, ORDER_STATUSES } from '../domain/orders';
import { validateOeBatch, OE_MAX_CODES } from '../domain/oe';
import { MAX_DELTA, MAX_PRICE_FEN, MAX_QUANTITY } from '../domain/stock';
import { PRICE_LABELS } from '../domain/prices';

/** the most lines one stock sync takes */
export const OPEN_SYNC_MAX_LINES = 10_000;
/** the price columns a sync may set, in fen (the Vietnamese price stays the back office's) */
export const OPEN_SYNC_PRICES = ['price99', 'price0', 'price1', 'price2', 'price3', 'price5'] as const;

/** a batch id, in the body's batch_id or the Idempotency-Key header (one rule for both) */
export const OPEN_BATCH_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const openPartnerText = {
  cursor: '翻页游标无效：请原样使用上一页答复中的下一页游标',
  updatedSince: '更新时间起应为 unix 秒（0 到 4102444800 之间的整数）',
  searchWhat: '请填写 OE号（逗号或换行分隔）或关键字，二者填一个',
  searchBoth: 'OE号和关键字只能填写一个',
  keyword: '关键字最多50个字符',
  oe: (detail: string) => `OE号：${detail}（最多${OE_MAX_CODES}个）`,
  batchId: '批次号应为8到64位字母、数字、下划线或连字符；同一批次重发时请使用同一批次号',
  lines: `同步明细应为1到${OPEN_SYNC_MAX_LINES}行的数组`,
  batchReused: '该批次号（或 Idempotency-Key）已用于另一批内容不同的同步；新的一批请换一个',
  batchMissing: '请提供批次号或 Idempotency-Key 请求头；重发同一批时使用同一个，以免重复生效',
  idempotencyKey: 'Idempotency-Key（幂等键）应为8到64位字母、数字、下划线或连字符，与批次号规则相同；同一批次重发时请使用同一个',
  batchKeyMismatch: '批次号与 Idempotency-Key（幂等键）不一致：二者是同一批次号的两种写法，同时提供时须相同',
  status: `订单状态只能是 ${ORDER_STATUSES.join('、')} 之一`,
  orderNo: '订单号应为 SO 开头加20位数字',
  logisticsCompany: '请填写物流公司（最多30个字）',
  logisticsNo: '请填写正确的物流单号（6到30位字母、数字或连字符）',
  // one line of a sync: its result carries the line number
  lineNotObject: '该行应为对象，如 {"code":"A-001","quantity":5}',
  code: '请填写自编码（1到30个字符）',
  quantity: `数量应为0到${MAX_QUANTITY}的整数`,
  delta: `调整数量应为-${MAX_DELTA}到${MAX_DELTA}之间且不为0的整数`,
  quantityAndDelta: '数量和调整数量只能填写一个',
  nothingToSync: '请至少填写数量、调整数量、一个价格、现货，或新建库存的OE号',
  spot: '现货（spot）应为 true（现货）或 false（非现货）',
  price: (field: (typeof OPEN_SYNC_PRICES)[number]) => `${PRICE_LABELS[field]}应为0到${MAX_PRICE_FEN}的整数（单位：分）`,
  unknownField: (field: string) => `不认识的字段“${field}”：每行只能有自编码、数量或调整数量、六个价格（分），新建时另有OE号、名称、品牌、自有品牌、品质、单位`,
  newText: (label: string, max: number) => `${label}应为文字，最多${max}个字`,
} as const;

// ---- cursors: an opaque text that holds the walk's position ----

/** A changes walk's position: the since bound, then the last row's (changed_at in microseconds, id). */
export interface ChangesCursor { since: string; at: string; id: number }

const b64 = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const unb64 = (s: string) => {
  try {
    return atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
};

export const encodeChangesCursor = (c: ChangesCursor) => b64(`c1.${c.since}.${c.at}.${c.id}`);
export const decodeChangesCursor = (s: string): ChangesCursor | null => {
  const m = /^c1\.(\d{1,17})\.(\d{1,17})\.(\d{1,19})$/.exec(unb64(s) ?? '');
  return m ? { since: m[1], at: m[2], id: Number(m[3]) } : null;
};
export const encodeIdCursor = (id: number) => b64(`i1.${id}`);
export const decodeIdCursor = (s: string): number | null => {
  const m = /^i1\.(\d{1,19})$/.exec(unb64(s) ?? '');
  return m ? Number(m[1]) : null;
};

const cursorOf = <T>(decode: (s: string) => T | null) =>
  v.optional(v.pipe(v.string(openPartnerText.cursor), v.trim(), v.maxLength(200, openPartnerText.cursor), v.check((s) => s === '' || decode(s) !== null, openPartnerText.cursor)), '');

const since = v.optional(
  v.pipe(
    v.union([v.number(openPartnerText.updatedSince), v.pipe(v.string(openPartnerText.updatedSince), v.trim(), v.regex(/^\d{1,10}$/, openPartnerText.updatedSince), v.transform(Number))], openPartnerText.updatedSince),
    v.integer(openPartnerText.updatedSince), v.minValue(0, openPartnerText.updatedSince), v.maxValue(4_102_444_800, openPartnerText.updatedSince),
  ),
  0,
);

const orderNo = v.pipe(v.string(openPartnerText.orderNo), v.trim(), v.regex(/^SO\d{20}$/, openPartnerText.orderNo));

// ---- answers ----

/** One stock row of the key's company. Prices in fen (null: none), vn_price in whole dong. */
export const openStockRowSchema = v.object({
  id: v.number(),
  /** 自编码: the seller's own code, by which a sync finds the row */
  default_code: v.string(),
  supplier_code: v.string(),
  supplier_oe: v.string(),
  oe_norm: v.string(),
  name: v.string(),
  part_brand_name: v.string(),
  custom_brand_name: v.string(),
  quality_name: v.string(),
  uom_name: v.string(),
  quantity: v.number(),
  price99: v.nullable(v.number()), price0: v.nullable(v.number()), price1: v.nullable(v.number()),
  price2: v.nullable(v.number()), price3: v.nullable(v.number()), price5: v.nullable(v.number()),
  vn_price: v.nullable(v.number()),
  price_lock: v.boolean(),
  /** 现货: marked ready to ship today (docs/spot-goods.md) */
  spot: v.boolean(),
  state: v.picklist(['on', 'off', 'suspended']),
  /** unix seconds of the row's last change */
  changed_at: v.number(),
});
export type OpenStockRow = v.InferOutput<typeof openStockRowSchema>;

const page = <T extends v.GenericSchema>(row: T) => v.object({
  data: v.array(row),
  /** pass it as `cursor` for the next page; on a changes feed keep it to poll for later changes */
  next_cursor: v.string(),
  /** more rows are ready now; false: the walk has caught up (a changes feed may have more later) */
  has_more: v.boolean(),
});

export const openOrderRowSchema = v.object({
  ...orderSummarySchema.entries,
  logistics_company: v.string(),
  logistics_no: v.string(),
  /** unix seconds of the order's last change */
  changed_at: v.number(),
});

export const openSyncResultSchema = v.object({
  /** the batch id given, or the Idempotency-Key when none was */
  batch_id: v.string(),
  total: v.number(),
  applied: v.number(),
  refused: v.number(),
  /** applied lines that changed a row (the rest were already so) */
  changed: v.number(),
  /** one per line, in the batch's order */
  results: v.array(v.object({
    /** the line's number in `lines`, from 1 */
    line: v.number(),
    code: v.string(),
    status: v.picklist(['applied', 'refused']),
    changed: v.boolean(),
    /** why a refused line changed nothing (Chinese, names the field); '' when applied */
    reason: v.string(),
    /** the row's quantity after the line; null when refused */
    quantity: v.nullable(v.number()),
  })),
  /** true when this answer is the stored one of an earlier call with the same batch_id (or Idempotency-Key) */
  replayed: v.boolean(),
});
export type OpenSyncResult = v.InferOutput<typeof openSyncResultSchema>;

// ---- one sync line: checked by the service line by line, so a bad line never stops the good ones ----

const intIn = (text: string, min: number, max: number) =>
  v.pipe(v.number(text), v.integer(text), v.minValue(min, text), v.maxValue(max, text));

const priceField = (f: (typeof OPEN_SYNC_PRICES)[number]) => v.optional(intIn(openPartnerText.price(f), 0, MAX_PRICE_FEN));
/** what a line brings to create the row when the company has none with its code (docs/open-platform.md, "Stock sync") */
export const OPEN_SYNC_NEW_FIELDS = { supplier_oe: ['OE号', 40], name: ['配件名称', 50], part_brand_name: ['配件品牌', 30], custom_brand_name: ['自有品牌', 30], quality_name: ['品质', 20], uom_name: ['单位', 10] } as const;
const newText = (f: keyof typeof OPEN_SYNC_NEW_FIELDS) => {
  const [label, max] = OPEN_SYNC_NEW_FIELDS[f];
  return v.optional(v.pipe(v.string(openPartnerText.newText(label, max)), v.trim(), v.maxLength(max, openPartnerText.newText(label, max))));
};
const SYNC_LINE_FIELDS: ReadonlySet<string> = new Set(['code', 'quantity', 'delta', 'spot', ...OPEN_SYNC_PRICES, ...Object.keys(OPEN_SYNC_NEW_FIELDS)]);

export const openSyncLineSchema = v.pipe(
  v.object({
    code: v.pipe(v.string(openPartnerText.code), v.trim(), v.minLength(1, openPartnerText.code), v.maxLength(30, openPartnerText.code)),
    quantity: v.optional(intIn(openPartnerText.quantity, 0, MAX_QUANTITY)),
    delta: v.optional(v.pipe(intIn(openPartnerText.delta, -MAX_DELTA, MAX_DELTA), v.check((n) => n !== 0, openPartnerText.delta))),
    price99: priceField('price99'), price0: priceField('price0'), price1: priceField('price1'),
    price2: priceField('price2'), price3: priceField('price3'), price5: priceField('price5'),
    /** 现货 mark (docs/spot-goods.md); left out: unchanged (a new row: not 现货) */
    spot: v.optional(v.boolean(openPartnerText.spot)),
    supplier_oe: newText('supplier_oe'), name: newText('name'), part_brand_name: newText('part_brand_name'),
    custom_brand_name: newText('custom_brand_name'), quality_name: newText('quality_name'), uom_name: newText('uom_name'),
  }),
  v.check((l) => !(l.quantity !== undefined && l.delta !== undefined), openPartnerText.quantityAndDelta),
  v.check((l) => l.quantity !== undefined || l.delta !== undefined || OPEN_SYNC_PRICES.some((f) => l[f] !== undefined) || l.spot !== undefined || l.supplier_oe !== undefined, openPartnerText.nothingToSync),
);
export type OpenSyncLine = v.InferOutput<typeof openSyncLineSchema>;

/** A line's refusal as one Chinese text (every problem of the line, field named), or the line. */
export const checkSyncLine = (raw: unknown): { ok: true; line: OpenSyncLine } | { ok: false; reason: string } => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: openPartnerText.lineNotObject };
  const unknown = Object.keys(raw).find((k) => !SYNC_LINE_FIELDS.has(k));
  if (unknown !== undefined) return { ok: false, reason: openPartnerText.unknownField(unknown.slice(0, 40)) };
  const r = v.safeParse(openSyncLineSchema, raw);
  if (r.success) return { ok: true, line: r.output };
  return { ok: false, reason: [...new Set(r.issues.map((i) => i.message))].join('；') };
};

const statusFilter = v.optional(v.union([v.literal(''), v.picklist(ORDER_STATUSES, openPartnerText.status)], openPartnerText.status), '');

const ordersList = v.object({ updated_since: since, cursor: cursorOf(decodeChangesCursor), status: statusFilter, page_size: pageSizeField(50) });

export const openPartnerEndpoints = {
  openStockSearch: defineEndpoint({
    method: 'get', path: '/open/v1/stock/search', tag: 'open', access: 'open', scope: 'stock:read', heavy: true,
    summary: '本公司库存查询：按 OE号（oe，逗号或换行分隔，最多10个，按统一规则规范化）或关键词（keyword：名称、OE号、自编码、车型）；按 id 翻页（cursor）',
    payload: v.pipe(
      v.object({
        oe: v.optional(v.pipe(v.string(openPartnerText.oe('请填写OE号')), v.trim(), v.maxLength(1000, openPartnerText.oe('内容过长'))), ''),
        keyword: v.optional(v.pipe(v.string(openPartnerText.keyword), v.trim(), v.maxLength(50, openPartnerText.keyword)), ''),
        cursor: cursorOf(decodeIdCursor),
        page_size: pageSizeField(50),
      }),
      v.forward(v.check((p) => p.oe !== '' || p.keyword !== '', openPartnerText.searchWhat), ['oe']),
      v.forward(v.check((p) => p.oe === '' || p.keyword === '', openPartnerText.searchBoth), ['keyword']),
      v.forward(v.check((p) => {
        if (p.oe === '') return true;
        return validateOeBatch(p.oe.split(/[,，\r\n]+/)).ok;
      }, (issue) => {
        const r = validateOeBatch((issue.input as { oe: string }).oe.split(/[,，\r\n]+/));
        return openPartnerText.oe(r.ok ? '' : r.message);
      }), ['oe']),
    ),
    answer: page(openStockRowSchema),
  }),
  openStockChanges: defineEndpoint({
    method: 'get', path: '/open/v1/stock/changes', tag: 'open', access: 'open', scope: 'stock:read', heavy: true,
    summary: '本公司自 updated_since 起变化的库存，按（变化时间, id）翻页（cursor）；翻页期间被再次修改的行会在后面以新版本再出现一次，不会漏行',
    payload: v.object({ updated_since: since, cursor: cursorOf(decodeChangesCursor), page_size: pageSizeField(50) }),
    answer: page(openStockRowSchema),
  }),
  openStockSync: defineEndpoint({
    method: 'post', path: '/open/v1/stock/sync', tag: 'open', access: 'open', scope: 'stock:write',
    summary: `按自编码批量同步本公司库存数量（quantity 绝对值或 delta 增减）和价格（分），每批最多${OPEN_SYNC_MAX_LINES}行；同一 batch_id（或 Idempotency-Key）重发得到同一结果、不会重复生效；逐行返回结果，错误行不影响其他行`,
    payload: v.object({
      /** the batch's own id; or send the Idempotency-Key header instead (one of the two is required) */
      batch_id: v.optional(v.pipe(v.string(openPartnerText.batchId), v.regex(OPEN_BATCH_ID, openPartnerText.batchId))),
      lines: v.pipe(v.array(v.unknown(), openPartnerText.lines), v.minLength(1, openPartnerText.lines), v.maxLength(OPEN_SYNC_MAX_LINES, openPartnerText.lines)),
    }),
    docPayload: v.object({
      batch_id: v.optional(v.pipe(v.string(), v.regex(OPEN_BATCH_ID))),
      lines: v.pipe(v.array(openSyncLineSchema), v.minLength(1), v.maxLength(OPEN_SYNC_MAX_LINES)),
    }),
    answer: openSyncResultSchema,
  }),
  openSalesOrders: defineEndpoint({
    method: 'get', path: '/open/v1/orders/sales/list', tag: 'open', access: 'open', scope: 'orders:read', heavy: true,
    summary: '本公司的销售订单：自 updated_since 起新建或变化的，可按状态（status）筛选，按（变化时间, id）翻页（cursor）',
    payload: ordersList,
    answer: page(openOrderRowSchema),
  }),
  openSalesOrderGet: defineEndpoint({
    method: 'get', path: '/open/v1/orders/sales/detail', tag: 'open', access: 'open', scope: 'orders:read',
    summary: '一张本公司销售订单的详情（行、事件、付款与退款）；不是本公司的订单答“订单不存在”',
    payload: v.object({ order_no: orderNo }),
    answer: orderDetailSchema,
  }),
  openSalesOrderConfirm: defineEndpoint({
    method: 'post', path: '/open/v1/orders/sales/confirm', tag: 'open', access: 'open', scope: 'orders:write',
    summary: '卖家确认（接受）一张待确认的销售订单，规则与网页相同',
    payload: v.object({ order_no: orderNo }),
    answer: orderDetailSchema,
  }),
  openSalesOrderDeliver: defineEndpoint({
    method: 'post', path: '/open/v1/orders/sales/deliver', tag: 'open', access: 'open', scope: 'orders:write',
    summary: '卖家发货：物流公司和物流单号，规则与网页相同',
    payload: v.object({
      order_no: orderNo,
      logistics_company: v.pipe(v.string(openPartnerText.logisticsCompany), v.trim(), v.minLength(1, openPartnerText.logisticsCompany), v.maxLength(30, openPartnerText.logisticsCompany)),
      logistics_no: v.pipe(v.string(openPartnerText.logisticsNo), v.trim(), v.regex(LOGISTICS_NO_RE, openPartnerText.logisticsNo)),
    }),
    answer: orderDetailSchema,
  }),
  openPurchaseOrders: defineEndpoint({
    method: 'get', path: '/open/v1/orders/purchase/list', tag: 'open', access: 'open', scope: 'orders:read', heavy: true,
    summary: '本公司的采购订单：自 updated_since 起新建或变化的，可按状态（status）筛选，按（变化时间, id）翻页（cursor）',
    payload: ordersList,
    answer: page(openOrderRowSchema),
  }),
  openPurchaseOrderGet: defineEndpoint({
    method: 'get', path: '/open/v1/orders/purchase/detail', tag: 'open', access: 'open', scope: 'orders:read',
    summary: '一张本公司采购订单的详情；不是本公司的订单答“订单不存在”',
    payload: v.object({ order_no: orderNo }),
    answer: orderDetailSchema,
  }),
  openPurchaseOrderReceive: defineEndpoint({
    method: 'post', path: '/open/v1/orders/purchase/receive', tag: 'open', access: 'open', scope: 'orders:write',
    summary: '买家确认收货（在线付款的订单随之完成并结算给卖家，与网页相同）',
    payload: v.object({ order_no: orderNo }),
    answer: orderDetailSchema,
  }),
} as const;
