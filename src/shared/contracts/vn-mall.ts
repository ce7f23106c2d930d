import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, wholeNumberOf } from './common';
import { CART_CODES } from './codes';
import { listAnswer, listPayload, opIdsField, opKeyword, opReasonField } from './operation-list';
import { pageSizeField } from './page-size';
import { OP_FOREIGN_CODES, VN_MOBILE_RE } from '../domain/overseas';
import { PHONE_RE } from '../domain/orders';
import { DELIVERY_TERMS, SERVICE_CHARGE_KINDS, VN_CART_QTY_MAX, vnText } from '../domain/vn-mall';
import { AFTERSALE_STATUSES, AFTERSALE_TYPES } from '../domain/aftersale';
import { afterSaleDetailSchema, afterSaleSummarySchema, afterSaleText, asNoField } from './aftersale';

/**
 * The Vietnam mall (docs/overseas.md, "The Vietnam mall"): the seller's offers and rules
 * (vnSelector, M11), the operators' goods, service charges and orders (D09-03), and the Vietnamese
 * buyer's search, cart and checkout in whole dong. Money: fen for CNY, whole dong for VND.
 */

/** 海外（越南）: the seller's pages */
export const VN_SELLER_CODES = ['M11'] as const;

const DONG_MAX = 1_000_000_000_000;
const FEN_MAX = 100_000_000_000;

const dongField = (text: string, min = 1) => v.pipe(
  v.union([v.number(text), v.pipe(v.string(text), v.trim(), v.regex(/^\d{1,13}$/, text), v.transform(Number))], text),
  v.integer(text), v.minValue(min, text), v.maxValue(DONG_MAX, text),
);
const idsOf = (label: string, max = 800) => v.pipe(
  v.array(wholeNumberOf(`${label}应为正整数`), `请选择${label}`),
  v.minLength(1, `请选择${label}`), v.maxLength(max, `一次最多处理${max}个${label}`),
  v.transform((ids) => [...new Set(ids)]),
);
const paging = { page_number: v.optional(wholeNumberOf('页码应为正整数', 1, 100_000), 1), page_size: pageSizeField(50) };

export const vnTermsSchema = v.object({
  price_mode: v.picklist(['direct', 'markup']),
  /** whole dong (direct) */
  vn_price: v.nullable(v.number()),
  /** hundredths of a percent (markup) */
  markup_bp: v.nullable(v.number()),
  floor_fen: v.number(),
});

/** A row of the seller's stock with its mall terms (null: not offered) and today's dong price. */
export const vnSellerRowSchema = v.object({
  id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), make_name: v.string(), category_name: v.string(),
  quantity: v.number(), price1: v.nullable(v.number()),
  /** 'row': offered itself; 'rule': by a rule; '': not offered */
  offered_by: v.picklist(['row', 'rule', '']),
  terms: v.nullable(vnTermsSchema),
  vn_quantity: v.number(),
  /** today's dong price; null without the day's rate or a base price, or below the floor */
  dong: v.nullable(v.number()),
  /** why it does not sell today ('' when it does) */
  problem: v.string(),
  removed_reason: v.string(),
});

export const vnRuleSchema = v.object({
  id: v.number(), part_brand_id: v.nullable(v.number()), brand_name: v.string(), make_id: v.nullable(v.number()), make_name: v.string(),
  category_name: v.string(), markup_bp: v.number(), floor_fen: v.number(), quantity_cap: v.nullable(v.number()), rows: v.number(), created_at: v.number(),
});

export const vnRateSchema = v.object({
  /** dong per yuan of the current China day; null when none was set that day (the mall does not sell) */
  rate: v.nullable(v.number()),
  day: v.string(),
  /** the last rate and when it was set, for the message */
  last_rate: v.nullable(v.number()),
  last_set_at: v.number(),
});

/** A mall order as both sides and the operators read it: both amounts and the frozen rate. */
export const vnOrderSchema = v.object({
  id: v.number(), order_no: v.string(), checkout_no: v.string(), status: v.string(), created_at: v.number(),
  buyer_company_id: v.number(), buyer_company_name: v.string(), seller_company_id: v.number(), seller_company_name: v.string(),
  line_count: v.number(), total_qty: v.number(),
  goods_fen: v.number(), service_fen: v.number(), goods_dong: v.number(), service_dong: v.number(), total_dong: v.number(),
  rate: v.number(), rate_day: v.string(), delivery_term: v.picklist(DELIVERY_TERMS), service_rule: v.string(),
  // the payment (docs/money.md "Paying a mall order in dong"): 0 and '' while unpaid or paid another way
  pay_status: v.string(), pay_channel: v.string(), paid_fen: v.number(), refunded_fen: v.number(),
  paid_dong: v.number(), credited_fen: v.number(), paid_service_fen: v.number(), pay_rate: v.number(), pay_rate_day: v.string(), paid_at: v.number(),
  refunded_dong: v.number(),
});

/** A buyer's mall order with what paying it from the dong wallet takes now (null: not payable now, or no rate today). */
export const vnMyOrderSchema = v.object({ ...vnOrderSchema.entries, pay_now_dong: v.nullable(v.number()), payable: v.boolean() });

/** What a Vietnamese buyer sees of an offered row: the dong price only. */
export const vnOfferSchema = v.object({
  stock_id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), make_name: v.string(), category_name: v.string(),
  uom_name: v.string(), seller_company_id: v.number(), seller_company_name: v.string(),
  vn_price: v.number(), vn_quantity: v.number(),
});

export const vnCartLineSchema = v.object({
  id: v.number(), stock_id: v.number(), qty: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(),
  seller_company_id: v.number(), seller_company_name: v.string(),
  /** null when the row no longer sells (see problem) */
  vn_price: v.nullable(v.number()), amount_dong: v.number(), vn_quantity: v.number(), problem: v.string(),
});

export const vnCartSchema = v.object({
  rate: v.nullable(v.number()), day: v.string(), problem: v.string(),
  groups: v.array(v.object({
    seller_company_id: v.number(), seller_company_name: v.string(), lines: v.array(vnCartLineSchema),
    goods_dong: v.number(), service_dong: v.number(), service_rule: v.string(), total_dong: v.number(),
  })),
  goods_dong: v.number(), service_dong: v.number(), total_dong: v.number(),
});

export const serviceChargeRuleSchema = v.object({
  id: v.number(), min_dong: v.number(), max_dong: v.nullable(v.number()), kind: v.picklist(SERVICE_CHARGE_KINDS), value: v.number(),
  updated_at: v.number(), username: v.string(),
});

/** A part of the mall (海外商品): every seller's offered rows of one OE number and part brand. */
export const vnPartSchema = v.object({
  oe_norm: v.string(), supplier_oe: v.string(), brand_name: v.string(), name: v.string(),
  /** sellers and rows offering it now (on sale, not taken out one by one) */
  sellers: v.number(), rows: v.number(),
  /** today's dong price range over the rows that sell today; null when none does */
  dong_min: v.nullable(v.number()), dong_max: v.nullable(v.number()),
  /** VN quantity of the rows that sell today */
  vn_quantity: v.number(),
  /** mall orders holding it and pieces sold (cancelled and rejected orders left out) */
  orders: v.number(), pieces: v.number(),
  removed_reason: v.string(), removed_at: v.number(), removed_by: v.string(),
});

const partOeField = v.pipe(v.string(vnText.partOe), v.trim(), v.nonEmpty(vnText.partOe), v.maxLength(40, 'OE号最多40个字符'));
const partBrandField = v.optional(v.pipe(v.string('品牌应为文字'), v.trim(), v.maxLength(60, '品牌最多60个字符')), '');

/**
 * The dong side of a mall order's after-sale (docs/overseas.md "After-sales (海外售后)"): for an
 * order paid from the dong wallet at the payment's rate, else at the rate the order froze.
 */
const vnAfterSaleDongSchema = {
  /** the refund in whole dong: the dong given back once refunded from a dong payment, else the asked or refunded fen at `rate` */
  refund_dong: v.number(),
  /** true when refund_dong is the dong the buyer's dong wallet got back */
  dong_refunded: v.boolean(),
  rate: v.number(), rate_day: v.string(),
  /** payment: the dong payment's rate (paid from the dong wallet); order: the rate the order froze at checkout */
  rate_kind: v.picklist(['order', 'payment']),
};
export const vnAfterSaleRowSchema = v.object({ ...afterSaleSummarySchema.entries, ...vnAfterSaleDongSchema });
export const vnAfterSaleDetailSchema = v.object({
  after_sale: afterSaleDetailSchema,
  ...vnAfterSaleDongSchema,
  /** each line's dong price as the order froze it */
  lines: v.array(v.object({ order_line_id: v.number(), unit_price_dong: v.number(), amount_dong: v.number() })),
  order_total_dong: v.number(),
});

const phoneText = '请填写正确的联系电话（越南手机号或中国电话）· Số điện thoại không hợp lệ';

export const vnMallEndpoints = {
  // ---- the seller (vnSelector, 越南商城) ----
  vnMallOverview: defineEndpoint({
    method: 'get', path: '/overseas/vn-mall', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES,
    summary: '越南商城概览（卖家）：今日汇率、本公司上架的行数与规则数、越南买家的订单（人民币与越南盾金额、下单时汇率、交货方式）',
    payload: v.object({ ...paging }),
    answer: v.object({
      rate: vnRateSchema, offered_rows: v.number(), rule_count: v.number(), removed_rows: v.number(),
      orders: v.array(vnOrderSchema), order_total: v.number(),
    }),
  }),
  vnOfferList: defineEndpoint({
    method: 'get', path: '/overseas/vn-offers', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES, heavy: true,
    summary: '越南商城选品（vnSelector）：本公司在售库存及其越南商城条件（单独上架或按规则）、今日越南盾价格和不能销售的原因',
    payload: v.object({
      keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, '关键字最多40个字符')), ''),
      offered: v.optional(v.picklist(['', 'yes', 'no'], '上架状态无效'), ''),
      ...paging,
    }),
    answer: listAnswer(vnSellerRowSchema, { rate: vnRateSchema }),
  }),
  vnOfferSet: defineEndpoint({
    method: 'post', path: '/overseas/vn-offers', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES, idempotent: true,
    summary: '把所选库存上架越南商城（或修改条件）：越南盾直接定价（整数）或按批发价(含税)×(1+加价率)×今日汇率取整；人民币底价（低于底价不卖）；越南可售数量；一行不符则整批不改',
    payload: v.object({
      stock_ids: idsOf('库存'),
      price_mode: v.picklist(['direct', 'markup'], '请选择定价方式'),
      vn_price: v.optional(v.nullable(dongField(vnText.vnPriceWhole)), null),
      markup_bp: v.optional(v.nullable(wholeNumberOf(vnText.markup, 0, 100_000)), null),
      floor_fen: v.optional(wholeNumberOf(vnText.floor, 0, FEN_MAX), 0),
      vn_quantity: wholeNumberOf(vnText.vnQuantity, 0, 999_999),
    }),
    answer: v.object({ changed: v.number() }),
  }),
  vnOfferRemove: defineEndpoint({
    method: 'post', path: '/overseas/vn-offers/remove', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES, idempotent: true,
    summary: '把所选库存从越南商城下架（只删单独上架的条件；规则匹配的行请改规则）',
    payload: v.object({ stock_ids: idsOf('库存') }),
    answer: v.object({ changed: v.number() }),
  }),
  vnRuleList: defineEndpoint({
    method: 'get', path: '/overseas/vn-rules', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES,
    summary: '越南商城上架规则（按品牌、车型品牌、分类，按加价率定价）及每条规则匹配的在售行数',
    payload: emptyPayload,
    answer: v.array(vnRuleSchema),
  }),
  vnRuleAdd: defineEndpoint({
    method: 'post', path: '/overseas/vn-rules', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES, idempotent: true,
    summary: '新增上架规则：本公司符合条件的在售库存按批发价(含税)×(1+加价率)×今日汇率上架越南商城；单独上架的行以单独条件为准',
    payload: v.object({
      part_brand_id: v.optional(v.nullable(wholeNumberOf('配件品牌应为正整数')), null),
      make_id: v.optional(v.nullable(wholeNumberOf('车型品牌应为正整数')), null),
      category_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, '分类最多20个字符')), ''),
      markup_bp: wholeNumberOf(vnText.markup, 0, 100_000),
      floor_fen: v.optional(wholeNumberOf(vnText.floor, 0, FEN_MAX), 0),
      quantity_cap: v.optional(v.nullable(wholeNumberOf(vnText.quantityCap, 1, 999_999)), null),
    }),
    answer: vnRuleSchema,
  }),
  vnRuleRemove: defineEndpoint({
    method: 'delete', path: '/overseas/vn-rules', pathId: true, tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES, idempotent: true,
    summary: '删除上架规则（其匹配的行离开越南商城，单独上架的不受影响）',
    payload: emptyPayload,
    answer: v.object({ removed: v.number() }),
  }),

  // ---- the operators (海外 → 越南商城, D09-03) ----
  opVnGoodsList: defineEndpoint({
    method: 'get', path: '/operation/foreign/goods', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, heavy: true,
    summary: '运营：越南商城在售的商品（单独上架与规则上架），今日越南盾价格；可看已移出的行及原因',
    payload: listPayload({
      oe: opKeyword('OE号', 40), seller: opKeyword('卖家企业', 40),
      state: v.optional(v.picklist(['', 'removed'], '状态无效'), ''),
    }),
    answer: listAnswer(v.object({
      id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), company_id: v.number(), company_name: v.string(),
      offered_by: v.picklist(['row', 'rule', '']), price1: v.nullable(v.number()), dong: v.nullable(v.number()), vn_quantity: v.number(), problem: v.string(),
      removed_reason: v.string(), removed_at: v.number(), removed_by: v.string(),
      /** out of the mall with its whole part (海外商品), undone there */
      part_removed: v.boolean(),
    }), { rate: vnRateSchema }),
  }),
  opVnGoodsRemove: defineEndpoint({
    method: 'post', path: '/operation/foreign/goods/remove', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：把所选商品移出越南商城（须填写原因，卖家看到原因且不能再上架）；记入操作日志',
    payload: v.object({ ids: opIdsField('商品'), reason: opReasonField(vnText.removeReason) }),
    answer: v.object({ changed: v.number() }),
  }),
  opVnGoodsRestore: defineEndpoint({
    method: 'post', path: '/operation/foreign/goods/restore', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：撤销移出，卖家的上架条件或规则重新生效；记入操作日志',
    payload: v.object({ ids: opIdsField('商品') }),
    answer: v.object({ changed: v.number() }),
  }),
  opVnProductList: defineEndpoint({
    method: 'get', path: '/operation/foreign/products', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, heavy: true,
    summary: '运营：海外商品：越南商城按配件（OE号 + 配件品牌）汇总所有卖家上架的行：卖家数、今日越南盾价格区间、越南可售数量、越南商城订单数与售出件数；可看整件移出的配件及原因',
    payload: listPayload({
      oe: opKeyword('OE号', 40), brand: opKeyword('品牌', 40), seller: opKeyword('卖家企业', 40),
      state: v.optional(v.picklist(['', 'removed'], '状态无效'), ''),
    }),
    answer: listAnswer(vnPartSchema, { rate: vnRateSchema }),
  }),
  opVnProductRemove: defineEndpoint({
    method: 'post', path: '/operation/foreign/products/remove', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：把一个配件（OE号 + 配件品牌）整件移出越南商城：所有卖家的这一配件（包括以后上架的）越南买家都看不到，卖家看到原因且不能再上架；记入操作日志',
    payload: v.object({ oe: partOeField, brand: partBrandField, reason: opReasonField(vnText.removeReason) }),
    answer: v.object({ changed: v.number() }),
  }),
  opVnProductRestore: defineEndpoint({
    method: 'post', path: '/operation/foreign/products/restore', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：撤销整件移出，各卖家的上架条件或规则重新生效（单独移出的行仍然移出）；记入操作日志',
    payload: v.object({ oe: partOeField, brand: partBrandField }),
    answer: v.object({ changed: v.number() }),
  }),
  opVnAfterSaleList: defineEndpoint({
    method: 'get', path: '/operation/foreign/aftersales', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, heavy: true,
    summary: '运营：海外售后：越南商城订单的售后（越南买家），人民币与越南盾金额（越南盾钱包支付的订单按支付汇率及实退越南盾，其他订单按下单冻结的汇率），按单号、买家、卖家、状态、类型筛选',
    payload: listPayload({
      no: opKeyword('单号', 40), buyer: opKeyword('买家', 40), seller: opKeyword('卖家', 40),
      status: v.optional(v.picklist(['', ...AFTERSALE_STATUSES], afterSaleText.status), ''),
      type: v.optional(v.picklist(['', ...AFTERSALE_TYPES], afterSaleText.type), ''),
    }),
    answer: listAnswer(vnAfterSaleRowSchema, { refund_fen: v.number() }),
  }),
  opVnAfterSaleDetail: defineEndpoint({
    method: 'get', path: '/operation/foreign/aftersale', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall,
    summary: '运营：海外售后详情：售后的双方、配件、原因、图片、物流、退款和操作记录，及各行越南盾价格与冻结汇率；不是越南商城订单的售后答 404',
    payload: v.object({ as_no: asNoField }),
    answer: vnAfterSaleDetailSchema,
  }),
  opVnAfterSaleClose: defineEndpoint({
    method: 'post', path: '/operation/foreign/aftersale/close', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：关闭进行中的海外售后（须填写原因；与 售后 页的关闭相同：记入售后记录和操作日志，通知买卖双方）；不是越南商城订单的售后答 404',
    payload: v.object({ as_no: asNoField, reason: opReasonField('关闭原因') }),
    answer: vnAfterSaleDetailSchema,
  }),
  opServiceChargeList: defineEndpoint({
    method: 'get', path: '/operation/foreign/service-charge', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall,
    summary: '运营：越南商城服务费规则（按订单货款的越南盾金额区间，按比例或固定金额）',
    payload: emptyPayload,
    answer: v.array(serviceChargeRuleSchema),
  }),
  opServiceChargeSave: defineEndpoint({
    method: 'post', path: '/operation/foreign/service-charge', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：新增（不带 id）或修改服务费规则；金额区间 [起始, 结束) 不能与其他规则重叠；比例以万分之一计（250 = 2.5%）；记入操作日志',
    payload: v.object({
      id: v.optional(v.nullable(wholeNumberOf('规则编号应为正整数')), null),
      min_dong: dongField(vnText.bandMin, 0),
      max_dong: v.optional(v.nullable(dongField(vnText.bandMax, 1)), null),
      kind: v.picklist(SERVICE_CHARGE_KINDS, '请选择收费方式'),
      value: wholeNumberOf('服务费数值应为不小于0的整数', 0, DONG_MAX),
    }),
    answer: serviceChargeRuleSchema,
  }),
  opServiceChargeRemove: defineEndpoint({
    method: 'delete', path: '/operation/foreign/service-charge', pathId: true, tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, idempotent: true,
    summary: '运营：删除服务费规则；记入操作日志',
    payload: emptyPayload,
    answer: v.object({ removed: v.number() }),
  }),
  opVnOrderList: defineEndpoint({
    method: 'get', path: '/operation/foreign/orders', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.mall, heavy: true,
    summary: '运营：越南商城订单（人民币与越南盾金额、冻结汇率、服务费、交货方式）',
    payload: listPayload({ order_no: opKeyword('订单号', 30), buyer: opKeyword('买家企业', 40), seller: opKeyword('卖家企业', 40) }),
    answer: listAnswer(vnOrderSchema),
  }),

  // ---- the Vietnamese buyer ----
  vnMallSearch: defineEndpoint({
    method: 'get', path: '/vn-mall/search', tag: 'overseas', access: 'user', heavy: true,
    summary: '越南商城搜索（越南企业）：只含卖家上架到越南商城的商品，越南盾价格；按OE号前缀或名称；今日汇率未公布时不卖',
    payload: v.object({
      keyword: v.pipe(v.string('请输入OE号或名称 · Nhập mã OE hoặc tên'), v.trim(), v.minLength(1, '请输入OE号或名称 · Nhập mã OE hoặc tên'), v.maxLength(40, '关键字最多40个字符 · Tối đa 40 ký tự')),
      page_number: v.optional(wholeNumberOf('页码应为正整数', 1, 1000), 1),
    }),
    answer: v.object({ rate: v.number(), day: v.string(), data: v.array(vnOfferSchema), more: v.boolean() }),
  }),
  vnMallOffer: defineEndpoint({
    method: 'get', path: '/vn-mall/offers', pathId: true, tag: 'overseas', access: 'user',
    summary: '越南商城商品详情（越南企业）：未在越南商城销售的库存答 404',
    payload: emptyPayload,
    answer: vnOfferSchema,
  }),
  vnCartList: defineEndpoint({
    method: 'get', path: '/vn-mall/cart', tag: 'overseas', access: 'user', permissions: CART_CODES,
    summary: '越南商城购物车（越南企业）：按卖家分组，今日汇率的越南盾价格、每单服务费与应付总额',
    payload: emptyPayload,
    answer: vnCartSchema,
  }),
  vnCartAdd: defineEndpoint({
    method: 'post', path: '/vn-mall/cart', tag: 'overseas', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '加入越南商城购物车（已有则加数量）；只限越南商城在售的商品，不超过越南可售数量',
    payload: v.object({ stock_id: wholeNumberOf('请选择商品 · Chọn sản phẩm'), qty: wholeNumberOf(vnText.qty, 1, VN_CART_QTY_MAX) }),
    answer: vnCartSchema,
  }),
  vnCartSetQty: defineEndpoint({
    method: 'post', path: '/vn-mall/cart/qty', tag: 'overseas', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '修改越南商城购物车一行的数量',
    payload: v.object({ id: wholeNumberOf(vnText.cartLineNotFound), qty: wholeNumberOf(vnText.qty, 1, VN_CART_QTY_MAX) }),
    answer: vnCartSchema,
  }),
  vnCartRemove: defineEndpoint({
    method: 'post', path: '/vn-mall/cart/remove', tag: 'overseas', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '删除越南商城购物车中的行',
    payload: v.object({ ids: idsOf('购物车行', 200) }),
    answer: vnCartSchema,
  }),
  vnMyOrders: defineEndpoint({
    method: 'get', path: '/vn-mall/orders', tag: 'overseas', access: 'user', permissions: CART_CODES,
    summary: '本公司的越南商城订单（越南企业）：越南盾与人民币金额、付款情况；未付款的订单给出按今日汇率从越南盾钱包付款的金额（今日汇率未公布时为空）',
    payload: v.object(paging),
    answer: v.object({ rate: v.nullable(v.number()), day: v.string(), data: v.array(vnMyOrderSchema), total: v.number() }),
  }),
  vnOrderPay: defineEndpoint({
    method: 'post', path: '/vn-mall/orders/pay', tag: 'overseas', access: 'user', idempotent: true, idempotencyRequired: true,
    summary: '用越南盾钱包支付越南商城订单（企业负责人或财务人员）：按付款时的今日汇率，越南盾经外汇账户换成人民币记入平台暂管，订单按已在线付款继续；expected_dong 与服务器算出的不同（汇率变了）则拒绝并给出新金额；必须带 Idempotency-Key',
    payload: v.object({
      order_no: v.pipe(v.string('请填写订单号'), v.trim(), v.regex(/^SO\d{20}$/, '订单号格式不正确')),
      expected_dong: dongField('请确认应付金额'),
    }),
    answer: v.object({ order: vnOrderSchema, balance_dong: v.number() }),
  }),
  vnCheckout: defineEndpoint({
    method: 'post', path: '/vn-mall/checkout', tag: 'overseas', access: 'user', permissions: CART_CODES, idempotent: true, idempotencyRequired: true,
    summary: '越南商城下单：购物车全部商品按卖家拆单，越南盾价格与服务费按今日汇率冻结在订单上（同时记人民币金额与汇率）；expected_total_dong 与服务器算出的不同（汇率或价格变了）则拒绝并给出新总额，确认后再下单；必须带 Idempotency-Key',
    payload: v.object({
      expected_total_dong: dongField('请确认应付总额 · Xác nhận tổng tiền'),
      delivery_term: v.picklist(DELIVERY_TERMS, vnText.deliveryTerm),
      contact_name: v.pipe(v.string('请填写收货人 · Nhập người nhận'), v.trim(), v.minLength(1, '请填写收货人 · Nhập người nhận'), v.maxLength(30, '收货人最多30个字符')),
      contact_phone: v.pipe(v.string(phoneText), v.trim(), v.check((s) => VN_MOBILE_RE.test(s.replace(/[\s.-]/g, '')) || PHONE_RE.test(s), phoneText)),
      address: v.pipe(v.string('请填写收货地址 · Nhập địa chỉ'), v.trim(), v.minLength(5, '收货地址须为5到100个字符 · Địa chỉ 5–100 ký tự'), v.maxLength(100, '收货地址须为5到100个字符 · Địa chỉ 5–100 ký tự')),
    }),
    answer: v.object({ checkout_no: v.string(), orders: v.array(vnOrderSchema), total_dong: v.number() }),
  }),
} as const;

