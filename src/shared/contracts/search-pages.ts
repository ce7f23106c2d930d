/**
 * The storefront's other search pages (docs/search.md, "My stock and purchases", "Purchase
 * history", "Oils and fluids", "New vehicles"): the caller's own stock and purchases, the
 * company's purchase history with each line's current offer, the oil catalogue with its facets,
 * and the vehicles added to the EPC catalogue in a month.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { pageSizeField } from './page-size';
import { PURCHASE_ORDER_CODES } from '../domain/orders';
import { MONTH_PATTERN } from '../domain/china-time';
import { rangeRule } from '../domain/ranges';
import { msg } from '../messages';
import { vehicleSchema } from './vin';

export const searchPagesText = {
  noLongerSold: '该卖家已不再销售此配件',
  outOfStock: '该卖家暂时无货',
  dateReversed: '开始日期不能晚于结束日期',
  month: '月份应为 YYYY-MM 格式，例如 2026-11',
  page: '页码应为 1 到 10000 之间的整数',
} as const;

/** the oil page's facets: 粘度, 规格, 容量, 品牌, 类别 */
export const OIL_FACETS = ['viscosity', 'spec', 'volume_ml', 'brand', 'kind'] as const;
export type OilFacet = (typeof OIL_FACETS)[number];

const text = (label: string, max: number) => v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');
const pageNumber = v.optional(v.pipe(
  v.union([v.number(searchPagesText.page), v.pipe(v.string(searchPagesText.page), v.regex(/^\d{1,5}$/, searchPagesText.page), v.transform(Number))], searchPagesText.page),
  v.integer(searchPagesText.page), v.minValue(1, searchPagesText.page), v.maxValue(10000, searchPagesText.page),
), 1);
const day = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), `${label}应为 YYYY-MM-DD 格式的日期`)), '');

export const myPartRowSchema = v.object({
  /** 我的库存: a stock row of the caller's company; 曾采购: what the company bought of one number from one seller */
  source: v.picklist(['stock', 'purchase']),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  /** stock: pieces in stock now; purchase: pieces bought in all (orders not cancelled or rejected) */
  quantity: v.number(),
  /** fen. stock: its 批发价 (null: not priced); purchase: the unit price of the last purchase */
  last_price_fen: v.nullable(v.number()),
  /** unix seconds. stock: its last stock or price change; purchase: the last order */
  last_at: v.number(),
  /** stock: the row; purchase: null */
  stock_id: v.nullable(v.number()),
  /** stock: 'on' | 'off' | 'suspended'; purchase: '' */
  state: v.string(),
  /** purchase: the seller and how many orders; stock: '' and 0 */
  seller_company_id: v.number(),
  seller_company_name: v.string(),
  order_count: v.number(),
  /** purchase: the newest order's number (the order page); stock: '' */
  last_order_no: v.string(),
});
export type MyPartRow = v.InferOutput<typeof myPartRowSchema>;

export const purchaseLineSchema = v.object({
  line_id: v.number(),
  order_no: v.string(),
  order_status: v.string(),
  seller_company_id: v.number(),
  seller_company_name: v.string(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  quality_name: v.string(),
  uom_name: v.string(),
  qty: v.number(),
  /** fen */
  unit_price_fen: v.number(),
  amount_fen: v.number(),
  created_at: v.number(),
  /**
   * 再次购买: the same seller's stock row on sale now (the line's own row, else the seller's row of
   * the same OE number), its quantity and the buyer's price for it (fen, null: no price for the
   * buyer's level); null when the seller no longer sells it (offer_note says so).
   */
  offer: v.nullable(v.object({ stock_id: v.number(), quantity: v.number(), price_fen: v.nullable(v.number()) })),
  offer_note: v.string(),
});
export type PurchaseLine = v.InferOutput<typeof purchaseLineSchema>;

const facetValues = v.array(v.object({ value: v.string(), count: v.number() }));

export const oilRowSchema = v.object({
  id: v.number(),
  oe_number: v.string(),
  brand: v.string(),
  series: v.string(),
  name: v.string(),
  kind: v.string(),
  viscosity: v.string(),
  specs: v.array(v.string()),
  volume_ml: v.number(),
  /** sellers with the number on sale and in stock, their pieces, and the lowest 标准价 among them (fen) */
  seller_count: v.number(),
  stock_qty: v.number(),
  min_price99: v.nullable(v.number()),
});
export type OilRow = v.InferOutput<typeof oilRowSchema>;

export const newVehicleSchema = v.object({
  ...vehicleSchema.entries,
  /** unix seconds: when it entered the catalogue */
  created_at: v.number(),
  part_count: v.number(),
  /** parts of it some seller has on sale and in stock (under the part's own number) */
  stocked_count: v.number(),
});

export const searchPageEndpoints = {
  myPartsSearch: defineEndpoint({
    method: 'get', path: '/search/mine', tag: 'search', access: 'user',
    summary: '我的库存与曾采购：按OE号（前缀）或名称在本公司的库存和采购记录中查找；库存需库存权限（M03），采购记录需采购权限（C09、M02），不计库存查询次数',
    payload: v.object({
      k: v.pipe(v.string(msg.enterSearch), v.trim(), v.nonEmpty(msg.enterSearch), v.maxLength(50, '搜索内容最多50个字符')),
    }),
    answer: v.object({ rows: v.array(myPartRowSchema), purchases_visible: v.boolean(), stock_visible: v.boolean(), truncated: v.boolean() }),
  }),
  purchaseHistorySearch: defineEndpoint({
    method: 'get', path: '/search/purchase', tag: 'search', access: 'user', permissions: PURCHASE_ORDER_CODES,
    summary: '采购记录查询：本公司买过的订单明细（已取消、已拒绝的订单除外），按OE号、名称、卖家和下单日期筛选，新的在前；每行带该卖家现在的在售库存（再次购买）',
    payload: v.pipe(
      v.object({
        oe: text('OE号', 40),
        name: text('名称', 50),
        seller: text('卖家', 50),
        date_from: day('开始日期'),
        date_to: day('结束日期'),
        page_number: pageNumber,
        page_size: pageSizeField(50),
      }),
      rangeRule('date_from', 'date_to', searchPagesText.dateReversed, 'date_from'),
    ),
    answer: v.object({ rows: v.array(purchaseLineSchema), total: v.number() }),
  }),
  oilSearch: defineEndpoint({
    method: 'get', path: '/search/oil', tag: 'search', access: 'user',
    summary: '油品查询：机油、变速箱油、齿轮油、刹车油、防冻液，按粘度、规格、容量、品牌、类别筛选（各筛选项带数量），关键词可查品牌、系列、OE号；每个油品带在售卖家数、库存与最低标准价',
    payload: v.object({
      k: text('搜索内容', 50),
      viscosity: text('粘度', 20),
      spec: text('规格', 30),
      volume_ml: v.optional(v.union([v.literal(''), v.pipe(v.string('容量应为整数（毫升）'), v.regex(/^\d{1,6}$/, '容量应为整数（毫升）'))], '容量应为整数（毫升）'), ''),
      brand: text('品牌', 20),
      kind: text('类别', 20),
    }),
    answer: v.object({
      rows: v.array(oilRowSchema),
      facets: v.object({ viscosity: facetValues, spec: facetValues, volume_ml: facetValues, brand: facetValues, kind: facetValues }),
    }),
  }),
  newVehicleSearch: defineEndpoint({
    method: 'get', path: '/search/new-vehicles', tag: 'search', access: 'user', heavy: true,
    summary: '新车型：按月份（YYYY-MM，默认最近有新增的月份）和品牌列出当月新加入车型库的车型，及每月新增数量、当月各品牌数量',
    payload: v.object({
      month: v.optional(v.union([v.literal(''), v.pipe(v.string(searchPagesText.month), v.trim(), v.regex(MONTH_PATTERN, searchPagesText.month))], searchPagesText.month), ''),
      make_name: text('车型品牌', 20),
    }),
    answer: v.object({
      /** the chosen month ('' when the catalogue is empty) */
      month: v.string(),
      /** the months with additions (the newest 12), newest first, each with how many vehicles were added */
      months: v.array(v.object({ month: v.string(), count: v.number() })),
      /** the makes of the month's additions */
      makes: v.array(v.object({ make_name: v.string(), count: v.number() })),
      vehicles: v.array(newVehicleSchema),
    }),
  }),
} as const;
