/**
 * 常购清单 (basket) and 关注 (follows), docs/basket-follows.md. A basket line is named by a key the
 * client chooses (a UUID), so a line added offline can be changed or removed before the server has
 * seen it, and each write can wait in the outbox (all are idempotent).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID } from './common';
import { CART_CODES } from './codes';
import { pageSizeField } from './page-size';
import { normalizeOe } from '../domain/oe';

/** a company's basket holds at most this many lines (two pages of the spec's 1000) */
export const BASKET_MAX_LINES = 2000;
export const BASKET_PAGE_SIZE = 1000;
/** lines put in the cart at once (一键加入购物车) */
export const BASKET_TO_CART_MAX = 200;
export const BASKET_MAX_QTY = 99999;
/** follows per user */
export const FOLLOW_MAX = 1000;

export const basketText = {
  key: '请选择常购清单中的配件',
  keys: '请选择常购清单中的配件',
  tooManyKeys: `一次最多选择${BASKET_TO_CART_MAX}个配件`,
  oe: 'OE号应为5到40个字母或数字（可带空格、横线）',
  name: '配件名称最多50个字符',
  quality: '品质最多20个字符',
  brand: '品牌最多30个字符',
  qty: `常用数量应为1到${BASKET_MAX_QTY}之间的整数`,
  note: '备注最多100个字符',
  notFound: '常购清单中没有该配件（不存在或已删除），请刷新后重试',
  otherCompany: '只能查看本公司的常购清单',
  full: `常购清单最多${BASKET_MAX_LINES}个配件，请先删除一些`,
  duplicate: (oe: string) => `常购清单中已有OE号 ${oe}`,
  noOffer: '无货',
  followKind: '关注类型只能是卖家或配件',
  sellerId: '请选择要关注的卖家',
  followOe: '请填写要关注的OE号',
  followSelf: '不能关注本公司',
  noSeller: '该卖家不存在',
  followFull: `最多关注${FOLLOW_MAX}个卖家或配件，请先取消一些`,
  notFollowed: '没有关注该卖家或配件（不存在或已取消），请刷新后重试',
} as const;

const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
const text = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(max, message));
const keyField = v.pipe(v.string(basketText.key), v.regex(/^[A-Za-z0-9-]{8,64}$/, basketText.key));
/** as typed; the server keeps its normal form (shared/domain/oe.ts) beside it */
const oeField = v.pipe(v.string(basketText.oe), v.trim(), v.maxLength(60, basketText.oe), v.check((s) => /^[0-9A-Za-z]{5,40}$/.test(normalizeOe(s)), basketText.oe));

export const basketLineSchema = v.object({
  id: v.number(),
  key: v.string(),
  /** the spec's entry fields: 配件产品 lines, the usual quantity */
  type_code: v.literal('配件产品'),
  oe: v.string(),
  oeNorm: v.string(),
  name: v.string(),
  quality: v.string(),
  brand: v.string(),
  qty: v.number(),
  note: v.string(),
  createdBy: v.string(),
  /** unix seconds */
  updatedAt: v.number(),
});
export type BasketLine = v.InferOutput<typeof basketLineSchema>;

export const basketCartResultSchema = v.object({
  added: v.array(v.object({ key: v.string(), oe: v.string(), name: v.string(), stockId: v.number(), companyName: v.string(), qty: v.number(),
    /** fen per piece at the buyer's level (what the cart charges) */
    price: v.number() })),
  /** lines left out, with why (无货 when no seller has it in stock at a price) */
  missing: v.array(v.object({ key: v.string(), oe: v.string(), name: v.string(), reason: v.string() })),
});
export type BasketCartResult = v.InferOutput<typeof basketCartResultSchema>;

export const followSchema = v.object({
  id: v.number(),
  kind: v.picklist(['seller', 'oe']),
  sellerId: v.number(),
  sellerName: v.string(),
  oe: v.string(),
  oeNorm: v.string(),
  name: v.string(),
  /** fen: the lowest price the caller would be charged now among other companies' rows in stock (oe follows; null: none, 暂时无货) */
  lowPrice: v.nullable(v.number()),
  inStock: v.boolean(),
  createdAt: v.number(),
});
export type Follow = v.InferOutput<typeof followSchema>;

const lineFields = {
  oe: oeField,
  name: v.optional(text(50, basketText.name), ''),
  quality: v.optional(text(20, basketText.quality), ''),
  brand: v.optional(text(30, basketText.brand), ''),
  qty: v.optional(intOf(basketText.qty, 1, BASKET_MAX_QTY), 1),
  note: v.optional(text(100, basketText.note), ''),
};

const followTarget = v.object({
  kind: v.picklist(['seller', 'oe'], basketText.followKind),
  seller_id: v.optional(intOf(basketText.sellerId, 1, MAX_ID)),
  oe: v.optional(oeField),
  name: v.optional(text(50, basketText.name), ''),
});

export const basketEndpoints = {
  basketList: defineEndpoint({
    method: 'get', path: '/basket/list', tag: 'basket', access: 'user', permissions: CART_CODES,
    summary: '常购清单：本公司的常购配件（OE号、名称、品质/品牌、常用数量、备注），新加的在前，每页最多1000条',
    payload: v.object({
      company_id: v.optional(intOf('公司应为正整数', 1, MAX_ID)),
      page_number: v.optional(intOf('页码应为正整数', 1, 100), 1),
      page_size: pageSizeField(BASKET_PAGE_SIZE, [BASKET_PAGE_SIZE]),
    }),
    answer: v.object({ data: v.array(basketLineSchema), total: v.number() }),
  }),
  basketAdd: defineEndpoint({
    method: 'post', path: '/basket/add', tag: 'basket', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '加入常购清单：键由客户端生成（离线时也可先记下）；同一OE号只能有一行',
    payload: v.object({ key: keyField, ...lineFields }),
    answer: basketLineSchema,
  }),
  basketUpdate: defineEndpoint({
    method: 'post', path: '/basket/update', tag: 'basket', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '修改常购清单中的一行（OE号、名称、品质/品牌、常用数量、备注）',
    payload: v.object({ key: keyField, ...lineFields }),
    answer: basketLineSchema,
  }),
  basketRemove: defineEndpoint({
    method: 'post', path: '/basket/remove', tag: 'basket', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '从常购清单删除',
    payload: v.object({ keys: v.pipe(v.array(keyField, basketText.keys), v.minLength(1, basketText.keys), v.maxLength(BASKET_PAGE_SIZE, basketText.tooManyKeys)) }),
    answer: v.object({ removed: v.number() }),
  }),
  basketToCart: defineEndpoint({
    method: 'post', path: '/basket/to-cart', tag: 'basket', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '一键加入购物车：每个OE号取当前最优报价（优选供应商在先，再按本公司会员等级的单价最低、库存够常用数量），按常用数量加入购物车；没有报价的配件列在 missing（无货）',
    payload: v.object({ keys: v.pipe(v.array(keyField, basketText.keys), v.minLength(1, basketText.keys), v.maxLength(BASKET_TO_CART_MAX, basketText.tooManyKeys)) }),
    answer: basketCartResultSchema,
  }),
  followList: defineEndpoint({
    method: 'get', path: '/follow/list', tag: 'basket', access: 'user',
    summary: '我的关注：关注的卖家与配件（OE号），新关注的在前；配件带当前最低价与是否有货',
    payload: v.object({ kind: v.optional(v.picklist(['seller', 'oe'], basketText.followKind)) }),
    answer: v.object({ data: v.array(followSchema), total: v.number() }),
  }),
  followAdd: defineEndpoint({
    method: 'post', path: '/follow/add', tag: 'basket', access: 'user', idempotent: true,
    summary: '关注卖家（seller_id）或配件（oe）；已关注的再关注不变。关注的配件降价或到货时，消息助手每天最多通知一次',
    payload: followTarget,
    answer: followSchema,
  }),
  followRemove: defineEndpoint({
    method: 'post', path: '/follow/remove', tag: 'basket', access: 'user', idempotent: true,
    summary: '取消关注卖家或配件',
    payload: followTarget,
    answer: v.object({ removed: v.number() }),
  }),
} as const;
