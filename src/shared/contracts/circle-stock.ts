import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { CIRCLE_CODES } from './codes';
import { pageSizeField } from './page-size';

/**
 * 商圈库存 (back office M05, docs/circles.md): members allocate their own stock rows to a circle at a
 * circle price; members read the circle's products; the owner reads totals per member and per
 * product. Money is integer fen.
 */

/** The refusals of 商圈库存 (kept here, out of the entry bundle's messages.ts). */
export const circleStockText = {
  circleMembersOnly: '只有该商圈已通过审核的成员可以查看商圈商品和商圈价',
  circleAllocateMembersOnly: '只有该商圈已通过审核的成员可以分配库存',
  circleOwnStockOnly: '只能分配本公司的库存',
  circleStockMissing: '库存不存在或已下架，不能分配',
  circleTooMany: (stock: number) => `分配数量超过库存：这条库存现有${stock}件，分配数量不能超过库存数量`,
  circleNoAllocation: '这条库存没有分配到该商圈',
  circleOwnerTotalsOnly: '只有圈主企业可以查看商圈库存汇总',
  circleOwnerFieldsOnly: '只有圈主企业可以设置入圈资料',
  circleJoinInfoMissing: (label: string) => `请填写${label}：圈主要求入圈申请填写${label}`,
  circleNotBuyable: '您的公司不是该商圈已通过审核的成员，不能按商圈价购买',
  circleNotAllocated: '这条库存没有分配到该商圈，不能按商圈价购买',
  circleNotEnough: (n: number) => `购买数量超过商圈可售数量：商圈内还有${n}件`,
};

/** What an owner may require of an applicant (入圈资料), in the order the form shows them. */
export const CIRCLE_JOIN_FIELDS = ['contact', 'tel', 'brands', 'note'] as const;
export type CircleJoinField = (typeof CIRCLE_JOIN_FIELDS)[number];
export const CIRCLE_JOIN_FIELD_TEXT: Record<CircleJoinField, string> = { contact: '联系人', tel: '电话', brands: '主营品牌', note: '说明' };

/** the most pieces one allocation may hold, and the highest circle price (fen) */
export const CIRCLE_ALLOCATION_MAX_QTY = 999_999;
export const CIRCLE_PRICE_MAX_FEN = 100_000_000;

const intIn = (label: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(`${label}应为整数`), v.pipe(v.string(`${label}应为整数`), v.regex(/^\d{1,10}$/, `${label}应为整数`), v.transform(Number))], `${label}应为整数`),
    v.integer(`${label}应为整数`), v.minValue(min, `${label}不能小于${min}`), v.maxValue(max, `${label}不能大于${max}`),
  );

const keyword = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, '搜索内容最多40个字符')), '');
const paging = { page_number: v.optional(positiveIdField('页码'), 1), page_size: pageSizeField() };

/** One allocated product as a member of the circle sees it. */
export const circleProductSchema = v.object({
  circle_id: v.number(),
  stock_id: v.number(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  /** pieces on offer in the circle: the allocation, capped by what the stock row holds now */
  available_qty: v.number(),
  /** fen */
  circle_price_fen: v.number(),
});
export type CircleProduct = v.InferOutput<typeof circleProductSchema>;

/** One of my company's allocations. */
export const myCircleProductSchema = v.object({
  ...circleProductSchema.entries,
  circle_name: v.string(),
  /** pieces the allocation was given (or what is left of them after orders) */
  allocated_qty: v.number(),
  /** pieces the stock row holds now */
  stock_qty: v.number(),
  updated_at: v.number(),
});
export type MyCircleProduct = v.InferOutput<typeof myCircleProductSchema>;

export const circleMemberStockSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  product_count: v.number(),
  available_qty: v.number(),
  /** fen: available pieces × circle price */
  value_fen: v.number(),
});
export type CircleMemberStock = v.InferOutput<typeof circleMemberStockSchema>;

export const circleProductTotalSchema = v.object({
  oe_norm: v.string(),
  supplier_oe: v.string(),
  name: v.string(),
  seller_count: v.number(),
  available_qty: v.number(),
  min_price_fen: v.number(),
  max_price_fen: v.number(),
});
export type CircleProductTotal = v.InferOutput<typeof circleProductTotalSchema>;

/** The circle price a member sees beside a search row (商圈价). */
// the offer of a row in 圈内搜索 lives with the search answer (search.ts), which the entry bundle loads
export { circleOfferSchema, type CircleOffer } from './search';

const joinText = (label: string, max: number) => v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');
export const circleJoinInfoSchema = v.object({
  contact: joinText('联系人', 20),
  tel: v.optional(v.pipe(v.string('电话应为文本'), v.trim(), v.regex(/^$|^[0-9+\- ]{5,20}$/, '电话应为5到20位数字')), ''),
  brands: joinText('主营品牌', 100),
  note: joinText('说明', 300),
});
export type CircleJoinInfo = v.InferOutput<typeof circleJoinInfoSchema>;

const circleId = positiveIdField('商圈编号');

export const circleStockEndpoints = {
  tradeCircleAllocate: defineEndpoint({
    method: 'post', path: '/trade-circle/allocate', tag: 'circle', access: 'user', permissions: CIRCLE_CODES, idempotent: true,
    summary: '把本公司的一条库存分配到商圈（新增或修改）：分配数量不超过库存数量，商圈价为分；只有该商圈已通过的成员（含圈主）可以分配',
    payload: v.object({
      circle_id: circleId,
      stock_id: positiveIdField('库存编号'),
      allocated_qty: intIn('分配数量', 1, CIRCLE_ALLOCATION_MAX_QTY),
      circle_price_fen: intIn('商圈价', 1, CIRCLE_PRICE_MAX_FEN),
    }),
    answer: myCircleProductSchema,
  }),
  tradeCircleWithdraw: defineEndpoint({
    method: 'post', path: '/trade-circle/withdraw', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '撤回本公司在商圈中的一条库存分配',
    payload: v.object({ circle_id: circleId, stock_id: positiveIdField('库存编号') }),
    answer: v.null(),
  }),
  tradeCircleProducts: defineEndpoint({
    method: 'get', path: '/trade-circle/products', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '商圈商品（circleProduct）：成员分配到商圈的库存，按OE号或名称搜索；只有已通过的成员能看到商圈价',
    payload: v.object({ circle_id: circleId, k: keyword, ...paging }),
    answer: v.object({ data: v.array(circleProductSchema), total: v.number() }),
  }),
  tradeCircleMyProducts: defineEndpoint({
    method: 'get', path: '/trade-circle/my-products', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '我的商圈商品（myProduct）：本公司分配到各商圈的库存',
    payload: v.object({ circle_id: v.optional(circleId), k: keyword, ...paging }),
    answer: v.object({ data: v.array(myCircleProductSchema), total: v.number() }),
  }),
  tradeCircleStock: defineEndpoint({
    method: 'get', path: '/trade-circle/stock', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '商圈库存（stock）：圈主看每个成员分配的商品数、可售数量与货值',
    payload: v.object({ circle_id: circleId }),
    answer: v.object({ data: v.array(circleMemberStockSchema), total: v.number() }),
  }),
  tradeCircleQuery: defineEndpoint({
    method: 'get', path: '/trade-circle/query', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '商圈库存查询（query）：圈主按商品（OE号）汇总成员的可售数量与商圈价区间',
    payload: v.object({ circle_id: circleId, k: keyword, ...paging }),
    answer: v.object({ data: v.array(circleProductTotalSchema), total: v.number() }),
  }),
  tradeCircleJoinFields: defineEndpoint({
    method: 'post', path: '/trade-circle/join-fields', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '圈主设置入圈申请必须填写的资料（联系人、电话、主营品牌、说明）',
    payload: v.object({
      circle_id: circleId,
      join_fields: v.pipe(v.array(v.picklist(CIRCLE_JOIN_FIELDS, '入圈资料只能是联系人、电话、主营品牌或说明'), '入圈资料应为列表'), v.maxLength(CIRCLE_JOIN_FIELDS.length, '入圈资料最多4项')),
    }),
    answer: v.object({ join_fields: v.array(v.picklist(CIRCLE_JOIN_FIELDS)) }),
  }),
} as const;
