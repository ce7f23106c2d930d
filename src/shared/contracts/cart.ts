import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID } from './common';
import { CART_MAX_LINES, CART_MAX_QTY, CART_TYPE_CODES } from '../domain/cart';
import { CART_CODES } from './codes';
export { CART_CODES };

/** who keeps a cart: C09 purchase orders, M02 the purchase area (a cart is where an order starts) */

export const cartText = {
  qty: `数量应为1到${CART_MAX_QTY}之间的整数`,
  stockId: '请选择要加入购物车的配件',
  itemId: '请选择购物车中的配件',
  typeCode: `类型只能是${CART_TYPE_CODES.join('或')}`,
  taxFlag: '含税标记只能是是或否',
  checked: '勾选状态只能是是或否',
  ids: '请选择购物车中的配件',
  tooManyIds: `一次最多选择${CART_MAX_LINES}个配件`,
  noStock: '该配件不存在或已下架',
  ownStock: '不能购买本公司的库存',
  noPrice: '该配件暂无报价，无法加入购物车',
  outOfStock: '该配件暂时无货',
  notEnough: (stock: number, inCart: number) =>
    inCart > 0 ? `库存不足：该配件库存${stock}件，购物车中已有${inCart}件` : `库存不足：该配件库存仅${stock}件`,
  cartFull: `购物车最多${CART_MAX_LINES}种配件，请先删除一些`,
  notInCart: '购物车中没有该配件，请刷新后重试',
  quoteTypeOnlyByAccept: '临时产品只能通过采纳询价报价加入购物车',
  quoteTaxFixed: '报价的单价由卖家报出，不能修改含税',
  notEnoughQuoted: (qty: number) => `超过卖家报价的可供数量：最多${qty}件`,
} as const;

const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
const flag = (text: string) =>
  v.union([v.boolean(text), v.pipe(v.picklist(['true', 'false', '1', '0'], text), v.transform((s) => s === 'true' || s === '1'))], text);
const idList = v.pipe(v.array(intOf(cartText.ids, 1, MAX_ID), cartText.ids), v.minLength(1, cartText.ids), v.maxLength(CART_MAX_LINES, cartText.tooManyIds));
const typeCode = v.optional(v.picklist(CART_TYPE_CODES, cartText.typeCode), '配件产品');

export const cartItemSchema = v.object({
  id: v.number(),
  /** the stock row of a 配件产品 line; null on a 临时产品 line */
  stockId: v.nullable(v.number()),
  /** the accepted quote of a 临时产品 line (charged at the quoted price); null on a stock line */
  quoteId: v.nullable(v.number()),
  /** the enquiry a 临时产品 line was quoted on (0 / '' on a stock line) */
  enquiryId: v.number(),
  enquiryNo: v.string(),
  /** unix seconds a quote is valid until (0 on a stock line); past it the line is no longer purchasable */
  validUntil: v.number(),
  /** days the seller said delivery takes (0: in stock; stock lines 0) */
  deliveryDays: v.number(),
  companyId: v.number(),
  companyName: v.string(),
  sellerCompanyProvinceName: v.string(),
  sellerCompanyCityName: v.string(),
  supplierOe: v.string(),
  name: v.string(),
  uomName: v.string(),
  qty: v.number(),
  /** the quantity's upper bound: what the seller has now, or what the quote offers */
  stockQty: v.number(),
  /** fen per piece, at the column this buyer's level is charged (null: no price) */
  price: v.nullable(v.number()),
  priceColumn: v.nullable(v.string()),
  /** fen: price × qty, computed by the server */
  amount: v.number(),
  isIncludeTaxProduct: v.boolean(),
  checked: v.boolean(),
  qualityName: v.string(),
  brandName: v.string(),
  isOriginal: v.boolean(),
  /** 1 on sale (counts); 2 no longer purchasable (unavailableReason says why) */
  productSource: v.number(),
  unavailableReason: v.string(),
  typeCode: v.picklist(CART_TYPE_CODES),
  /** the circle whose price (商圈价) the line is charged at, else null (docs/circles.md) */
  circleId: v.nullable(v.number()),
  /** 促销: the seller's promotion plan the price comes from, and the price before it (docs/promotions.md); absent: none */
  promo: v.optional(v.object({ planId: v.number(), name: v.string(), offer: v.string(), listPrice: v.number() })),
  /** 满减: the line's share of its seller order's reduction, fen (docs/activities.md "满减"); absent: none */
  reductionFen: v.optional(v.number()),
});
export type CartItem = v.InferOutput<typeof cartItemSchema>;

export const cartGroupSchema = v.object({
  companyId: v.number(),
  companyName: v.string(),
  deliveryArea: v.string(),
  /** every line of the group that is on sale is checked */
  checked: v.boolean(),
  items: v.array(cartItemSchema),
  /**
   * 满减 (docs/activities.md "满减"): the running 满减 activity of the group's ticked lines, their
   * goods, what is taken off (offFen, 0 before the first tier) and the next tier (还差 nextGapFen 减
   * nextOffFen; 0 at the highest); absent when no ticked line is in one
   */
  fullReduction: v.optional(v.object({
    activityId: v.number(), name: v.string(), tiersText: v.string(), goodsFen: v.number(), offFen: v.number(), nextGapFen: v.number(), nextOffFen: v.number(),
  })),
});
export type CartGroup = v.InferOutput<typeof cartGroupSchema>;

export const cartListSchema = v.object({
  groups: v.array(cartGroupSchema),
  /** lines on sale (productSource 1): the toolbar's count */
  count: v.number(),
  checkedCount: v.number(),
  checkedQty: v.number(),
  /** fen */
  checkedAmount: v.number(),
});
export type CartList = v.InferOutput<typeof cartListSchema>;

const changed = v.object({ id: v.number(), qty: v.number() });

export const cartEndpoints = {
  cartList: defineEndpoint({
    method: 'get', path: '/cart', tag: 'cart', access: 'user', permissions: CART_CODES,
    summary: '购物车：按卖家分组（deliveryArea 为卖家所在地），价格按本公司会员等级与含税标记由服务器计算；合计只算在售（productSource 1）且勾选的配件',
    payload: v.object({ type_code: typeCode }),
    answer: cartListSchema,
  }),
  cartAdd: defineEndpoint({
    method: 'post', path: '/cart/add', tag: 'cart', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '加入购物车：库存 id 与数量；同一配件再次加入时数量累加，不超过库存；不能买本公司的库存；支持 Idempotency-Key',
    payload: v.object({
      stock_id: intOf(cartText.stockId, 1, MAX_ID), qty: v.optional(intOf(cartText.qty, 1, CART_MAX_QTY), 1), type_code: typeCode,
      /** buy at this circle's price (商圈价): the server checks the membership and the allocation (docs/circles.md) */
      circle_id: v.optional(intOf('商圈编号应为正整数', 1, MAX_ID)),
    }),
    answer: changed,
  }),
  cartUpdateQty: defineEndpoint({
    method: 'post', path: '/cart/qty', tag: 'cart', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '修改数量（1 到库存数量），金额随之由服务器重算',
    payload: v.object({ id: intOf(cartText.itemId, 1, MAX_ID), qty: intOf(cartText.qty, 1, CART_MAX_QTY) }),
    answer: changed,
  }),
  cartUpdateTax: defineEndpoint({
    method: 'post', path: '/cart/tax', tag: 'cart', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '修改含税标记 isIncludeTaxProduct：含税按含税价计，不含税按不含税价计',
    payload: v.object({ id: intOf(cartText.itemId, 1, MAX_ID), is_include_tax: flag(cartText.taxFlag) }),
    answer: v.object({ id: v.number(), isIncludeTaxProduct: v.boolean() }),
  }),
  cartCheck: defineEndpoint({
    method: 'post', path: '/cart/check', tag: 'cart', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '勾选或取消勾选配件（一个配件、一个卖家的全部或全选）；下架、无货或暂无报价的配件不计入合计',
    payload: v.object({ ids: idList, checked: flag(cartText.checked) }),
    answer: v.object({ changed: v.number() }),
  }),
  cartRemove: defineEndpoint({
    method: 'post', path: '/cart/remove', tag: 'cart', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '删除购物车中的配件；卖家的最后一个配件删除后该卖家分组随之消失',
    payload: v.object({ ids: idList }),
    answer: v.object({ removed: v.number() }),
  }),
} as const;
