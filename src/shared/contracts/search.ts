import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';
import { normalizeOe, OE_MIN_LENGTH, validateOeBatch } from '../domain/oe';
import { PRICE_COLUMNS } from '../domain/prices';
import { msg } from '../messages';
import { rangeRule } from '../domain/ranges';

const priceSchema = v.nullable(v.number());

/**
 * A promotion plan's price on a search row (docs/promotions.md): each visible price column as the
 * plan makes it (only those it lowers). Here, not with the plans' calls, so the search rows the
 * first page reads do not pull those calls into the entry.
 */
export const stockPromoSchema = v.object({
  plan_id: v.number(),
  name: v.string(),
  /** 9折, 每件减¥5.00 */
  offer: v.string(),
  end_at: v.number(),
  prices: v.record(v.string(), v.number()),
});
export type StockPromo = v.InferOutput<typeof stockPromoSchema>;

/** 圈内搜索: a row's circle price (商圈价) in a circle the caller is an approved member of (docs/circles.md); fen */
export const circleOfferSchema = v.object({
  stock_id: v.number(),
  circle_id: v.number(),
  circle_name: v.string(),
  available_qty: v.number(),
  circle_price_fen: v.number(),
});
export type CircleOffer = v.InferOutput<typeof circleOfferSchema>;

const measure = v.nullable(v.number());

/** A seller's stock row as every search answers it: the search columns of requirements 000-3 and the stock row of requirements 001-3. */
export const stockRowSchema = v.object({
  id: v.number(),
  company_id: v.number(),
  company_name: v.string(),
  province: v.string(),
  city: v.string(),
  supplier_oe: v.string(),
  supplier_code: v.string(),
  /** the seller's own item number */
  default_code: v.string(),
  name: v.string(),
  part_brand_name: v.string(),
  /** the brand as the seller writes it, for brands not in the part-brand list */
  custom_brand_name: v.string(),
  quality_name: v.string(),
  is_original: v.boolean(),
  make_name: v.string(),
  /** 车型厂牌: the make's factory (上汽大众, 一汽丰田 …) */
  factory_make_name: v.string(),
  /** 通用名称: the terminology group the part belongs to */
  generic_name: v.string(),
  category_name: v.string(),
  supplier_vehicle: v.string(),
  product_specification: v.string(),
  producing_area: v.string(),
  country_id: v.nullable(v.number()),
  country_name: v.string(),
  uom_name: v.string(),
  quantity: v.number(),
  /** stock held for the Vietnamese market */
  vn_quantity: v.number(),
  sale_state: v.picklist(['normal', 'promotion']),
  clean_state: v.picklist(['normal', 'clearance']),
  /** 现货 (docs/spot-goods.md): marked by the seller and in stock; spot_cutoff is the seller's 截单时间 ('HH:mm', '' for none) */
  spot: v.optional(v.boolean(), false),
  spot_cutoff: v.optional(v.string(), ''),
  /** 优选: the seller is one of the caller's preferred suppliers (docs/customers.md); absent: not */
  preferred: v.optional(v.boolean()),
  /** 促销: the seller's promotion plan that prices this row for the caller, and the lowered prices (docs/promotions.md); absent: none */
  promo: v.optional(stockPromoSchema),
  /** months of the 质保 mark: the seller's platform warranty runs and a term covers the part (docs/warranty.md); absent: none */
  warranty_months: v.optional(v.number()),
  length_mm: measure, width_mm: measure, height_mm: measure, weight_g: measure, volume_cm3: measure,
  packing_count: measure, usage_per_car: measure,
  note: v.string(),
  /** only the columns this caller may see are present (see domain/prices) */
  price99: v.optional(priceSchema), price0: v.optional(priceSchema), price1: v.optional(priceSchema),
  price2: v.optional(priceSchema), price3: v.optional(priceSchema), price5: v.optional(priceSchema),
  /** whole dong; like the wholesale prices, only for formal members */
  vn_price: v.optional(priceSchema),
  /** only for formal members; left out of the answer otherwise */
  phone: v.optional(v.string()),
  qq: v.optional(v.string()),
});
export type StockRow = v.InferOutput<typeof stockRowSchema>;

export const oeGroupSchema = v.object({
  /** the normalised code that was asked for */
  oe: v.string(),
  /** the number the rows are stocked under: the code itself or a related one */
  oe_number: v.string(),
  relation: v.picklist(['exact', 'supersession', 'alias']),
  brand_code: v.string(),
  name: v.string(),
  /** the first page of the number's sellers; oeSellers pages the rest */
  rows: v.array(stockRowSchema),
  /** how many sellers stock the number in all */
  total: v.number(),
});

export const oeListSchema = v.pipe(
  v.union([v.array(v.string('OE号应为文本')), v.string()], msg.enterOe),
  v.transform((x) => (typeof x === 'string' ? x.split(/[\n,]/) : x)),
  v.check((lines) => validateOeBatch(lines).ok, (issue) => {
    const r = validateOeBatch(issue.input as string[]);
    return r.ok ? '' : r.message;
  }),
  v.transform((lines) => {
    const r = validateOeBatch(lines);
    return r.ok ? r.codes : [];
  }),
);

export const PAGE_SIZES = [50, 100, 200, 400, 800] as const;

import { KEYWORD_MAX_ROWS, OE_PAGE_MAX } from './limits';
import { pageSizeField } from './page-size';
import { fenText } from './money-field';


export { OE_PAGE_MAX, KEYWORD_MAX_ROWS };

const intFromQuery = (name: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${name} 应为整数`), v.transform(Number))], `${name} 应为整数`),
    v.integer(`${name} 应为整数`),
    v.minValue(min, `${name} 不能小于 ${min}`),
    v.maxValue(max, `${name} 不能大于 ${max}`),
  );

export const keywordTooDeep = `最多只能查看前${KEYWORD_MAX_ROWS}条结果，请缩小搜索范围或使用筛选条件`;
export const KEYWORD_SORT_FIELDS = ['quantity', 'name', ...PRICE_COLUMNS] as const;
export type KeywordSortField = (typeof KEYWORD_SORT_FIELDS)[number];
export const priceRangeReversed = '最低价格不能高于最高价格';
export const stockRangeReversed = '最低库存不能高于最高库存';
export const priceColumnHidden = '您的会员等级无法查看该价格列，不能按它排序或筛选';

/** A price in whole fen, as a query string carries it (digits) or as a number (docs/api.md, "Money"). */
const fenFromQuery = (name: string) => {
  const t = fenText(name, 0, MAX_FILTER_FEN);
  return v.pipe(
    v.union([v.number(t), v.pipe(v.string(t), v.regex(/^\d{1,9}$/, t), v.transform(Number))], t),
    v.integer(t), v.minValue(0, t), v.maxValue(MAX_FILTER_FEN, t),
  );
};
const MAX_FILTER_FEN = 999_999_999;

const keywordFields = v.object({
  k: v.pipe(v.string(msg.enterSearch), v.trim(), v.nonEmpty(msg.enterSearch), v.maxLength(50, '搜索内容最多50个字符')),
  mode: v.optional(v.picklist(['exact', 'fuzzy'], '搜索方式只能是 exact（精确）或 fuzzy（模糊）'), 'fuzzy'),
  page_number: v.optional(intFromQuery('页码', 1, 10000), 1),
  page_size: pageSizeField(50),
  /** 1: only dismantled parts (拆车件) */
  dismantled: v.optional(v.pipe(v.union([v.literal('1'), v.literal('0'), v.literal(1), v.literal(0)], '只看拆车件只能是 0 或 1'), v.transform((x) => String(x) === '1')), '0'),
  /** 1: only stock of companies in the caller's approved trade circles (圈内搜索) */
  circle: v.optional(v.pipe(v.union([v.literal('1'), v.literal('0'), v.literal(1), v.literal(0)], '圈内搜索只能是 0 或 1'), v.transform((x) => String(x) === '1')), '0'),
  /** only stock of this part brand (the brand picker); the server checks that it exists */
  brand_id: v.optional(intFromQuery('品牌', 1, 999999)),
  /** requirements 001-3 product list query: absent = by relevance (in stock first, then cheapest) */
  sort_field: v.optional(v.picklist(KEYWORD_SORT_FIELDS, `排序字段只能是 ${KEYWORD_SORT_FIELDS.join('、')} 之一`)),
  sort_order: v.optional(v.picklist(['asc', 'desc'], '排序方向只能是 asc（升序）或 desc（降序）'), 'asc'),
  /** the price column min_price / max_price apply to; the server checks the caller may see it */
  price_colum_name: v.optional(v.picklist(PRICE_COLUMNS, `价格列只能是 ${PRICE_COLUMNS.join('、')} 之一`), 'price99'),
  /** fen, as every amount on the wire; the search page's address keeps yuan and converts when it asks */
  min_price: v.optional(fenFromQuery('最低价格')),
  max_price: v.optional(fenFromQuery('最高价格')),
  min_stock_qty: v.optional(intFromQuery('最小库存', 0, 999999)),
  max_stock_qty: v.optional(intFromQuery('最大库存', 0, 999999)),
  /** 1: only 现货 (spot rows in stock, docs/spot-goods.md) */
  spot: v.optional(v.pipe(v.union([v.literal('1'), v.literal('0'), v.literal(1), v.literal(0)], '只看现货只能是 0 或 1'), v.transform((x) => String(x) === '1')), '0'),
});
/** The fields and their ranges; a reversed range is said under its low end (the page's filter bar checks the same). */
export const keywordPayload = v.pipe(
  keywordFields,
  rangeRule('min_price', 'max_price', priceRangeReversed, 'min_price'),
  rangeRule('min_stock_qty', 'max_stock_qty', stockRangeReversed, 'min_stock_qty'),
);
export type KeywordPayload = v.InferOutput<typeof keywordPayload>;

const flag = (name: string) =>
  v.optional(v.pipe(v.union([v.literal('1'), v.literal('0'), v.literal(1), v.literal(0)], `${name} 只能是 0 或 1`), v.transform((x) => String(x) === '1')), '0');

export const tradeCircleSchema = v.object({
  id: v.number(),
  name: v.string(),
  owner_company_name: v.string(),
  is_internal: v.boolean(),
  member_count: v.number(),
  /** the caller's company's membership: only approved counts for 圈内搜索 */
  member_state: v.nullable(v.picklist(['pending', 'approved', 'rejected'])),
});

export const companyCardSchema = v.object({
  id: v.number(),
  name: v.string(),
  short_name: v.string(),
  province: v.string(),
  city: v.string(),
  address: v.string(),
  level_name: v.string(),
  stock_count: v.number(),
  main_brands: v.array(v.string()),
  /** the enabled 汽配城 the company says it is in, '' when none (docs/platform-settings.md#autoparts-markets) */
  autoparts_city: v.string(),
  /** only for formal members */
  phone: v.optional(v.string()),
  qq: v.optional(v.string()),
});

export const searchEndpoints = {
  companySearch: defineEndpoint({
    method: 'get', path: '/search/company', tag: 'search', access: 'user', heavy: true,
    summary: '企业黄页：按公司名称、简称或城市搜索卖家企业，可只看某个汽配城里的企业（选了汽配城时搜索内容可以不填）',
    payload: v.pipe(
      v.object({
        k: v.optional(v.pipe(v.string(msg.enterSearch), v.trim(), v.maxLength(50, '搜索内容最多50个字符')), ''),
        /** 0: every market; otherwise an enabled 汽配城 (companySearchMarkets) */
        autoparts_city_id: v.optional(intFromQuery('汽配城编号', 0, 2_147_483_647), 0),
        page_number: v.optional(intFromQuery('页码', 1, 10000), 1),
        page_size: pageSizeField(20),
      }),
      v.forward(v.check((p) => p.k !== '' || p.autoparts_city_id > 0, msg.enterSearch), ['k']),
    ),
    answer: v.object({ data: v.array(companyCardSchema), total: v.number(), contacts_visible: v.boolean() }),
  }),
  companySearchMarkets: defineEndpoint({
    method: 'get', path: '/search/company/markets', tag: 'search', access: 'user',
    summary: '企业黄页的汽配城筛选：已启用且有卖家企业的汽配城，及其中的卖家数',
    payload: emptyPayload,
    answer: v.array(v.object({ id: v.number(), name: v.string(), province: v.string(), city: v.string(), seller_count: v.number() })),
  }),
  getPartBrands: defineEndpoint({
    method: 'get', path: '/search/part-brands', tag: 'search', access: 'user',
    summary: '配件品牌（每页20个，可按关键词过滤）',
    payload: v.object({
      keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, '关键词最多50个字符')), ''),
      page_number: v.optional(intFromQuery('页码', 1, 10000), 1),
      page_size: pageSizeField(20),
    }),
    answer: v.object({ data: v.array(v.object({ id: v.number(), name: v.string() })), total: v.number() }),
  }),
  oeSearch: defineEndpoint({
    method: 'post', path: '/search/oe', tag: 'search', access: 'user', heavy: true,
    summary: 'OE号批量查询（最多10个，去重）：精确匹配及替换号、别名；按OE分组返回各卖家库存与可见价格',
    payload: v.object({ oe_list: oeListSchema, company_id: v.optional(companyIdSchema) }),
    answer: v.object({
      items: v.array(oeGroupSchema),
      price_columns: v.array(v.string()),
      contacts_visible: v.boolean(),
      quota: v.object({ used: v.number(), total_per_day: v.number() }),
    }),
  }),
  oeSellers: defineEndpoint({
    method: 'get', path: '/search/oe/sellers', tag: 'search', access: 'user',
    summary: '查看更多：按 OE 搜索的顺序分页列出一个OE号的其余卖家（限本公司今天搜索过的OE号，不再计库存查询次数）',
    payload: v.object({
      oe: v.pipe(v.string(msg.enterOe), v.transform(normalizeOe), v.minLength(OE_MIN_LENGTH, msg.oeMinLength), v.maxLength(40, 'OE号最多40个字符')),
      offset: intFromQuery('起始位置', 0, 100000),
      limit: v.optional(intFromQuery('条数', 1, OE_PAGE_MAX), OE_PAGE_MAX),
    }),
    answer: v.object({
      rows: v.array(stockRowSchema),
      total: v.number(),
      price_columns: v.array(v.string()),
      contacts_visible: v.boolean(),
    }),
  }),
  keywordSearch: defineEndpoint({
    method: 'get', path: '/search/keyword', tag: 'search', access: 'user', heavy: true,
    summary: '关键词搜索（精确/模糊）：配件名称、配件品牌、车型品牌、适用车型与OE号；按相关度、有货、价格排序，分页',
    payload: keywordPayload,
    answer: v.object({
      rows: v.array(stockRowSchema),
      /** matches, counted up to five pages past this one; total_capped says there are more */
      total: v.number(),
      total_capped: v.boolean(),
      terms: v.array(v.object({ kind: v.string(), term: v.string() })),
      price_columns: v.array(v.string()),
      contacts_visible: v.boolean(),
      quota: v.object({ used: v.number(), total_per_day: v.number() }),
      /** 圈内搜索 only: the circle prices (商圈价) of rows allocated to circles the caller is an approved member of (docs/circles.md) */
      circle_offers: v.optional(v.array(circleOfferSchema)),
      /**
       * Only when the words found nothing (an empty result is never a dead end): whether
       * the fuzzy mode finds something, and up to five nearby queries (a word replaced by a
       * dictionary term: a brand spelling, a part name) each checked to find rows as things stand.
       */
      empty_help: v.optional(v.object({ fuzzy_finds: v.boolean(), queries: v.array(v.string()) })),
    }),
  }),
  searchTradeList: defineEndpoint({
    method: 'get', path: '/circle/list', tag: 'circle', access: 'user',
    summary: '商圈列表：is_in_member=1 只列本公司加入的商圈（含审核状态）；show_internal=1 含内部商圈',
    payload: v.object({ is_in_member: flag('只看已加入'), show_internal: flag('含内部商圈'), page_size: pageSizeField(1000, [1000]) }),
    answer: v.array(tradeCircleSchema),
  }),
  instantSearch: defineEndpoint({
    method: 'get', path: '/search/instant', tag: 'search', access: 'user',
    summary: 'OE号联想：单个至少5位的OE号前缀，最多10条',
    payload: v.object({
      oe: v.pipe(
        v.string(msg.enterOe),
        v.transform(normalizeOe),
        v.minLength(OE_MIN_LENGTH, msg.oeMinLength),
        v.maxLength(40, 'OE号最多40个字符'),
      ),
    }),
    answer: v.array(v.object({ oe_number: v.string(), oe_name: v.string(), car_brand_url: v.string() })),
  }),
} as const;
