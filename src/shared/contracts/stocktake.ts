/**
 * 盘点 (stocktake), docs/warehouse.md "Stocktake". A count is named by a key the device makes when
 * the count is typed, so a count made offline waits in the outbox and its replay finds the first
 * one (stocktakeCount is idempotent by that key). Differences wait for 盘点审核 (M03-01) or the owner.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID, wholeNumberOf } from './common';
import { STOCK_CODES } from '../domain/stock';
import { STOCKTAKE_MAX_COUNT, stocktakeText } from '../domain/stocktake';
import { normalizeOe } from '../domain/oe';

export { STOCKTAKE_APPROVE_CODE, stocktakeText } from '../domain/stocktake';

/** the located rows of one warehouse a device keeps for counting offline */
export const STOCKTAKE_CATALOG_MAX_ROWS = 20_000;
/** counts listed at once (a stocktake's newest first) */
export const STOCKTAKE_COUNTS_MAX = 2000;

const COUNT_STATES = ['matched', 'pending', 'approved', 'rejected', 'superseded'] as const;

export const stocktakeSchema = v.object({
  id: v.number(),
  warehouseId: v.number(),
  warehouseName: v.string(),
  note: v.string(),
  state: v.picklist(['open', 'closed']),
  openedBy: v.string(),
  /** unix seconds */
  openedAt: v.number(),
  closedAt: v.number(),
  counts: v.number(),
  /** differences waiting for a decision */
  pending: v.number(),
});
export type Stocktake = v.InferOutput<typeof stocktakeSchema>;

export const stocktakeCountSchema = v.object({
  id: v.number(),
  stocktakeId: v.number(),
  clientKey: v.string(),
  locationId: v.number(),
  locationCode: v.string(),
  stockId: v.number(),
  oe: v.string(),
  name: v.string(),
  brand: v.string(),
  quality: v.string(),
  counted: v.number(),
  expected: v.number(),
  delta: v.number(),
  /** unix seconds: the scan, as clamped */
  countedAt: v.number(),
  countedBy: v.string(),
  state: v.picklist(COUNT_STATES),
  /** what approval changed the location by (null until approved) */
  applied: v.nullable(v.number()),
  decidedBy: v.string(),
  decidedAt: v.number(),
});
export type StocktakeCount = v.InferOutput<typeof stocktakeCountSchema>;

export const stocktakePartSchema = v.object({
  stockId: v.number(),
  oe: v.string(),
  oeNorm: v.string(),
  name: v.string(),
  brand: v.string(),
  quality: v.string(),
  /** the locations of this warehouse that hold the row */
  locationIds: v.array(v.number()),
});
export type StocktakePart = v.InferOutput<typeof stocktakePartSchema>;

const id = (text: string) => wholeNumberOf(text, 1, MAX_ID);
const keyField = v.pipe(v.string(stocktakeText.clientKey), v.regex(/^[A-Za-z0-9-]{8,64}$/, stocktakeText.clientKey));
const flag = v.optional(v.union([v.boolean(), v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((s) => s === 'true' || s === '1'))]), false);

export const stocktakeEndpoints = {
  stocktakeHome: defineEndpoint({
    method: 'get', path: '/stocktake/home', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '盘点：本公司的仓库（及其进行中的盘点单）、最近的盘点单，以及调用人能否审核差异',
    payload: v.optional(v.object({}), {}),
    answer: v.object({
      warehouses: v.array(v.object({ id: v.number(), name: v.string(), openStocktakeId: v.nullable(v.number()) })),
      stocktakes: v.array(stocktakeSchema),
      canApprove: v.boolean(),
    }),
  }),
  stocktakeOpen: defineEndpoint({
    method: 'post', path: '/stocktake/open', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '开始盘点：一个仓库同时只有一张进行中的盘点单；该仓库已有进行中的盘点单时返回它',
    payload: v.object({
      warehouse_id: id(stocktakeText.warehouse),
      note: v.optional(v.pipe(v.string(stocktakeText.note), v.trim(), v.maxLength(100, stocktakeText.note)), ''),
    }),
    answer: stocktakeSchema,
  }),
  stocktakeClose: defineEndpoint({
    method: 'post', path: '/stocktake/close', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '结束盘点：之后不能再录入；已录入的差异仍可审核',
    payload: v.object({ stocktake_id: id(stocktakeText.stocktake) }),
    answer: stocktakeSchema,
  }),
  stocktakeCatalog: defineEndpoint({
    method: 'get', path: '/stocktake/catalog', pathId: true, tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '盘点单的库位与该仓库已上架的库存行（OE号、名称、品牌、品质、所在库位），设备离线盘点时用；不含数量（盲盘）',
    payload: v.optional(v.object({}), {}),
    answer: v.object({
      stocktake: stocktakeSchema,
      locations: v.array(v.object({ id: v.number(), code: v.string() })),
      rows: v.array(stocktakePartSchema),
      /** more rows than STOCKTAKE_CATALOG_MAX_ROWS: the rest are found online by OE */
      truncated: v.boolean(),
    }),
  }),
  stocktakeFindPart: defineEndpoint({
    method: 'get', path: '/stocktake/find-part', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '按OE号查找本公司的库存行（扫描到的配件在本仓库没有库位时用），最多50行',
    payload: v.object({
      stocktake_id: id(stocktakeText.stocktake),
      oe: v.pipe(v.string(stocktakeText.oe), v.trim(), v.check((s) => normalizeOe(s).length >= 5 && normalizeOe(s).length <= 40, stocktakeText.oe)),
    }),
    answer: v.object({ data: v.array(stocktakePartSchema) }),
  }),
  stocktakeCount: defineEndpoint({
    method: 'post', path: '/stocktake/count', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '录入一个库位上一行库存的盘点数量：按扫描时系统应有的数量（现在的数量减去扫描之后的出入库）记下差异；同一 client_key 再次提交返回第一次的结果，不再改变任何数据',
    payload: v.object({
      stocktake_id: id(stocktakeText.stocktake),
      location_id: id(stocktakeText.location),
      stock_id: id(stocktakeText.stock),
      counted: wholeNumberOf(stocktakeText.counted, 0, STOCKTAKE_MAX_COUNT),
      /** unix seconds on the device when the part was scanned */
      counted_at: wholeNumberOf(stocktakeText.countedAt, 0, 4_102_444_800),
      client_key: keyField,
    }),
    answer: stocktakeCountSchema,
  }),
  stocktakeCounts: defineEndpoint({
    method: 'get', path: '/stocktake/counts', pathId: true, tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: `盘点单的盘点记录（新的在前，最多${STOCKTAKE_COUNTS_MAX}条）；diff_only 只看有差异的`,
    payload: v.optional(v.object({ diff_only: flag }), { diff_only: false }),
    answer: v.object({ data: v.array(stocktakeCountSchema), total: v.number() }),
  }),
  stocktakeDecide: defineEndpoint({
    method: 'post', path: '/stocktake/decide', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '审核差异（盘点审核 M03-01 或主账号）：approve 为 true 时把差异加到库位的当前数量上（不低于0），为 false 时驳回；ids 为空且 all 为 true 时处理全部待审核差异；已处理的不再改变',
    payload: v.object({
      stocktake_id: id(stocktakeText.stocktake),
      ids: v.optional(v.pipe(v.array(id(stocktakeText.ids), stocktakeText.ids), v.maxLength(STOCKTAKE_COUNTS_MAX, stocktakeText.ids)), []),
      all: flag,
      approve: v.boolean('请选择通过或驳回'),
    }),
    answer: v.object({ changed: v.number() }),
  }),
} as const;
