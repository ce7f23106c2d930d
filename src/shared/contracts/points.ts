/**
 * Points (积分, docs/points.md): a company's balance and entries, the points mall (search,
 * redeem, own redemptions), and the operator's 积分 pages (accounts with manual adjustment, rules,
 * products, redemptions to ship). Points are whole numbers on the wire.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword, opReasonField } from './operation-list';
import { intOf } from './wallet';
import { checkoutPayload } from './orders';
import { MAX_ID } from './common';
import { pageSizeField } from './page-size';
import {
  OP_POINTS_CODES, POINTS_ADJUST_MAX, POINTS_CATEGORIES_MAX, POINTS_CATEGORY_MAX, POINTS_CODES, POINTS_MONTH_CAP_MAX, POINTS_NOTICE_DAYS_MAX,
  POINTS_NOTICE_DAYS_MIN, POINTS_ORDER_CAP_MAX, POINTS_PRODUCT_DESCRIPTION_MAX, POINTS_PRODUCT_NAME_MAX, POINTS_PRODUCT_POINTS_MAX,
  POINTS_PRODUCT_STOCK_MAX, POINTS_RATE_MAX, POINTS_REDEEM_QTY_MAX, POINTS_TX_KINDS, pointsText, REDEMPTION_STATUSES,
} from '../domain/points';

export const pointsEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(POINTS_TX_KINDS),
  /** signed: + earned or returned, - spent, taken back or expired */
  points: v.number(),
  balance_after: v.number(),
  reference: v.string(),
  note: v.string(),
  /** unix seconds */
  created_at: v.number(),
});
export type PointsEntry = v.InferOutput<typeof pointsEntrySchema>;

export const pointsProductSchema = v.object({
  id: v.number(), name: v.string(), description: v.string(), image: v.string(), points: v.number(), stock: v.number(), enabled: v.boolean(),
  /** unix seconds */
  updated_at: v.number(),
});
export type PointsProduct = v.InferOutput<typeof pointsProductSchema>;

export const redemptionSchema = v.object({
  id: v.number(),
  redemption_no: v.string(),
  company_id: v.number(), company_name: v.string(), user_name: v.string(),
  product_id: v.number(), product_name: v.string(), qty: v.number(), points_each: v.number(), points_total: v.number(),
  contact_name: v.string(), contact_phone: v.string(), address: v.string(),
  status: v.picklist(REDEMPTION_STATUSES),
  logistics_company: v.string(), logistics_no: v.string(), cancel_reason: v.string(),
  /** unix seconds; 0 when not yet */
  created_at: v.number(), shipped_at: v.number(), cancelled_at: v.number(),
});
export type Redemption = v.InferOutput<typeof redemptionSchema>;

export const pointsRuleSchema = v.object({
  enabled: v.boolean(), per_100_yuan: v.number(), order_cap: v.number(), month_cap: v.number(), notice_days: v.number(),
  categories: v.array(v.object({ category: v.string(), per_100_yuan: v.number() })),
  updated_at: v.number(),
});
export type PointsRuleView = v.InferOutput<typeof pointsRuleSchema>;

export const pointsSummarySchema = v.object({
  balance: v.number(),
  /** points that expire at this year's end (China time) if not spent, and when (unix seconds) */
  expiring: v.number(), expires_at: v.number(),
  earned_total: v.number(), spent_total: v.number(),
  rule: pointsRuleSchema,
});
export type PointsSummary = v.InferOutput<typeof pointsSummarySchema>;

const page = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(20),
};
const productId = intOf(pointsText.productId, 1, MAX_ID);
const redemptionNo = v.pipe(v.string(pointsText.redemptionNo), v.trim(), v.regex(/^PR\d{20}$/, pointsText.redemptionNo));
const whole = (text: string, min: number, max: number) => intOf(text, min, max);

export const pointsEndpoints = {
  pointsSummary: defineEndpoint({
    method: 'get', path: '/points/summary', tag: 'points', access: 'user', permissions: POINTS_CODES,
    summary: '本企业积分：余额、今年年底将过期的积分、累计获得与使用，以及平台的积分规则',
    payload: v.optional(v.object({}), {}),
    answer: pointsSummarySchema,
  }),
  pointsEntries: defineEndpoint({
    method: 'get', path: '/points/entries', tag: 'points', access: 'user', permissions: POINTS_CODES,
    summary: '本企业积分明细：每笔获得、扣回、兑换、退回、过期与调整，及其后的余额，新的在前',
    payload: v.object({ kind: v.optional(v.union([v.literal(''), v.picklist(POINTS_TX_KINDS, '明细类型无效')], '明细类型无效'), ''), ...page }),
    answer: listAnswer(pointsEntrySchema),
  }),
  pointsProductSearch: defineEndpoint({
    method: 'get', path: '/search/pointsProduct', tag: 'points', access: 'user', permissions: POINTS_CODES,
    summary: '积分商城：上架的积分商品，按名称搜索，所需积分少的在前',
    payload: v.object({ k: opKeyword('商品名称', POINTS_PRODUCT_NAME_MAX), ...page }),
    answer: listAnswer(pointsProductSchema),
  }),
  pointsRedeem: defineEndpoint({
    method: 'post', path: '/points/redeem', tag: 'points', access: 'user', permissions: POINTS_CODES, idempotent: true, idempotencyRequired: true,
    summary: '积分兑换：扣本企业积分、减商品库存并生成待发货的兑换订单（一个事务；同一企业的兑换依次进行，积分不足或库存不足则不成立）；必须带 Idempotency-Key',
    payload: v.object({
      product_id: productId,
      qty: v.optional(whole(pointsText.qty, 1, POINTS_REDEEM_QTY_MAX), 1),
      contact_name: checkoutPayload.entries.contact_name,
      contact_phone: checkoutPayload.entries.contact_phone,
      address: checkoutPayload.entries.address,
    }),
    answer: v.object({ redemption: redemptionSchema, balance: v.number() }),
  }),
  pointsRedemptions: defineEndpoint({
    method: 'get', path: '/points/redemptions', tag: 'points', access: 'user', permissions: POINTS_CODES,
    summary: '本企业的兑换订单，新的在前',
    payload: v.object({ ...page }),
    answer: listAnswer(redemptionSchema),
  }),

  // ---- the operator's 积分 pages (D10) ----
  opPointsCompanies: defineEndpoint({
    method: 'get', path: '/operation/points/companies', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.companies,
    summary: '运营：各企业积分余额（按企业名称或ID筛选），余额多的在前',
    payload: listPayload({ k: opKeyword('企业名称或ID') }),
    answer: listAnswer(v.object({ company_id: v.number(), company_name: v.string(), balance: v.number(), earned_total: v.number(), spent_total: v.number() }), { total_balance: v.number() }),
  }),
  opPointsCompanyEntries: defineEndpoint({
    method: 'get', path: '/operation/points/entries', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.companies,
    summary: '运营：一个企业的积分明细，新的在前',
    payload: listPayload({ company_id: intOf(pointsText.companyId, 1, MAX_ID) }),
    answer: listAnswer(pointsEntrySchema),
  }),
  opPointsAdjust: defineEndpoint({
    method: 'post', path: '/operation/points/adjust', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.companies, idempotent: true, idempotencyRequired: true,
    summary: '运营：手工调整企业积分（正数增加、负数扣减，扣减后不能为负），须填写原因；记入操作日志',
    payload: v.object({
      company_id: intOf(pointsText.companyId, 1, MAX_ID),
      points: v.pipe(whole(pointsText.adjustPoints, -POINTS_ADJUST_MAX, POINTS_ADJUST_MAX), v.check((n) => n !== 0, pointsText.adjustZero)),
      reason: opReasonField('调整原因'),
    }),
    answer: v.object({ company_id: v.number(), balance: v.number() }),
  }),
  opPointsRule: defineEndpoint({
    method: 'get', path: '/operation/points/rule', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.companies,
    summary: '运营：积分规则（是否启用、每100元积分、分类积分、每单与每月上限、过期提醒提前天数）',
    payload: v.optional(v.object({}), {}),
    answer: pointsRuleSchema,
  }),
  opPointsRuleSave: defineEndpoint({
    method: 'post', path: '/operation/points/rule', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.companies, idempotent: true,
    summary: '运营：保存积分规则；之后完成的订单按新规则获得积分；记入操作日志',
    payload: v.object({
      enabled: v.boolean('请选择是否启用积分'),
      per_100_yuan: whole(pointsText.rate, 0, POINTS_RATE_MAX),
      order_cap: whole(pointsText.orderCap, 0, POINTS_ORDER_CAP_MAX),
      month_cap: whole(pointsText.monthCap, 0, POINTS_MONTH_CAP_MAX),
      notice_days: whole(pointsText.noticeDays, POINTS_NOTICE_DAYS_MIN, POINTS_NOTICE_DAYS_MAX),
      categories: v.optional(v.pipe(
        v.array(v.object({
          category: v.pipe(v.string(pointsText.category), v.trim(), v.minLength(1, pointsText.category), v.maxLength(POINTS_CATEGORY_MAX, pointsText.category)),
          per_100_yuan: whole(pointsText.rate, 0, POINTS_RATE_MAX),
        }), pointsText.categories),
        v.maxLength(POINTS_CATEGORIES_MAX, pointsText.categories),
        v.check((c) => new Set(c.map((x) => x.category)).size === c.length, pointsText.categories),
      ), []),
    }),
    answer: pointsRuleSchema,
  }),
  opPointsProducts: defineEndpoint({
    method: 'get', path: '/operation/points/products', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.products,
    summary: '运营：积分商品（名称、所需积分、库存、上下架），按名称和状态筛选',
    payload: listPayload({ k: opKeyword('商品名称', POINTS_PRODUCT_NAME_MAX), enabled: v.optional(v.picklist(['', 'true', 'false'], '状态只能是上架、下架或留空'), '') }),
    answer: listAnswer(pointsProductSchema),
  }),
  opPointsProductSave: defineEndpoint({
    method: 'post', path: '/operation/points/product', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.products, idempotent: true,
    summary: '运营：新增（id 为 0）或修改积分商品：名称（不重复）、说明、图片、所需积分、库存、是否上架；记入操作日志',
    payload: v.object({
      id: v.optional(intOf('商品编号应为整数', 0, MAX_ID), 0),
      name: v.pipe(v.string(pointsText.productName), v.trim(), v.minLength(1, pointsText.productName), v.maxLength(POINTS_PRODUCT_NAME_MAX, pointsText.productName)),
      description: v.optional(v.pipe(v.string(pointsText.description), v.trim(), v.maxLength(POINTS_PRODUCT_DESCRIPTION_MAX, pointsText.description)), ''),
      image: v.optional(v.pipe(v.string(pointsText.image), v.trim(), v.maxLength(300, pointsText.image), v.check((s) => s === '' || /^(\/api\/uploads\/|https:\/\/)\S+$/.test(s), pointsText.image)), ''),
      points: whole(pointsText.points, 1, POINTS_PRODUCT_POINTS_MAX),
      stock: whole(pointsText.stock, 0, POINTS_PRODUCT_STOCK_MAX),
      enabled: v.optional(v.boolean('请选择是否上架'), true),
    }),
    answer: pointsProductSchema,
  }),
  opPointsOrders: defineEndpoint({
    method: 'get', path: '/operation/points/orders', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.orders,
    summary: '运营：兑换订单（待发货、已发货、已取消），按兑换单号、企业或商品筛选，新的在前',
    payload: listPayload({
      status: v.optional(v.union([v.literal(''), v.picklist(REDEMPTION_STATUSES, '状态无效')], '状态无效'), ''),
      k: opKeyword('兑换单号、企业或商品'),
    }),
    answer: listAnswer(redemptionSchema),
  }),
  opPointsOrderShip: defineEndpoint({
    method: 'post', path: '/operation/points/order/ship', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.orders, idempotent: true,
    summary: '运营：兑换订单发货（待发货 → 已发货），填物流公司与单号；记入操作日志',
    payload: v.object({
      redemption_no: redemptionNo,
      logistics_company: v.pipe(v.string('请填写物流公司'), v.trim(), v.minLength(1, '请填写物流公司'), v.maxLength(30, '物流公司最多30个字符')),
      logistics_no: v.pipe(v.string('请填写物流单号'), v.trim(), v.regex(/^[A-Za-z0-9-]{4,40}$/, '物流单号应为4–40位字母、数字或-')),
    }),
    answer: redemptionSchema,
  }),
  opPointsOrderCancel: defineEndpoint({
    method: 'post', path: '/operation/points/order/cancel', tag: 'operation', access: 'operator', permissions: OP_POINTS_CODES.orders, idempotent: true,
    summary: '运营：取消待发货的兑换订单（积分退回企业、库存退回商品，一个事务），须填写原因；记入操作日志',
    payload: v.object({ redemption_no: redemptionNo, reason: opReasonField('取消原因') }),
    answer: redemptionSchema,
  }),
} as const;
