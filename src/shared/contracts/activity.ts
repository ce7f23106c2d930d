/**
 * Activities (活动, docs/activities.md): the operator's 活动列表 and 活动审核, the seller's 活动报名
 * (商品, M03), the storefront's /activity with /activity/order/getinfo and /activity/order/complete.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID, wholeNumberOf } from './common';
import { pageSizeField } from './page-size';
import { fenField } from './money-field';
import { orderSummarySchema, orderText } from './orders';
import { ORDER_ADDRESS_MAX, ORDER_ADDRESS_MIN, ORDER_CONTACT_MAX, ORDER_REMARK_MAX, PHONE_RE } from '../domain/orders';
import {
  ACTIVITY_DESCRIPTION_MAX, ACTIVITY_KINDS, ACTIVITY_NAME_MAX, ACTIVITY_PER_BUYER_MAX, ACTIVITY_QTY_MAX, ACTIVITY_REASON_MAX, ITEM_STATES, activityText,
} from '../domain/activities';
import { FULL_REDUCTION_TIERS_MAX, FULL_REDUCTION_THRESHOLD_MAX, fullReductionText } from '../domain/full-reduction';
import { BUNDLE_LINES_MAX, BUNDLE_LINE_QTY_MAX, bundleText } from '../domain/bundles';
import { ACTIVITY_BUYER_CODES, ACTIVITY_SELLER_CODES, OP_ACTIVITY_CODES } from '../domain/activity-codes';

const int = wholeNumberOf;
const paging = { page_number: v.optional(int(activityText.page, 1, 100000), 1), page_size: pageSizeField(50) };
const unix = (text: string) => int(text, 1, 4_102_444_800);
const text = (msg: string, min: number, max: number) => v.pipe(v.string(msg), v.trim(), v.minLength(min, msg), v.maxLength(max, msg));
const phases = v.optional(v.picklist(['', 'upcoming', 'running', 'ended'], activityText.activityState), '');

/** one 满减 tier: 满 threshold_fen 减 reduce_fen */
const tierSchema = v.object({
  threshold_fen: fenField('满减门槛', 1, FULL_REDUCTION_THRESHOLD_MAX),
  reduce_fen: fenField('减免金额', 1, FULL_REDUCTION_THRESHOLD_MAX),
});

/** an activity as the operator writes it */
export const activityPayload = v.object({
  name: text(activityText.name, 1, ACTIVITY_NAME_MAX),
  kind: v.optional(v.picklist(ACTIVITY_KINDS, activityText.kind), 'seckill'),
  description: v.optional(text(activityText.description, 0, ACTIVITY_DESCRIPTION_MAX), ''),
  start_at: unix(activityText.startAt),
  end_at: unix(activityText.endAt),
  /** 每家企业限购 (pieces of a 秒杀 part, bundles of a 组合套装): required for both; a 满减 activity has none */
  per_buyer: v.optional(int(activityText.perBuyer, 1, ACTIVITY_PER_BUYER_MAX)),
  /** 满减档位 (满 threshold_fen 减 reduce_fen), required for 满减; the service checks they increase (docs/activities.md "满减") */
  tiers: v.optional(v.pipe(v.array(tierSchema, fullReductionText.tiers), v.maxLength(FULL_REDUCTION_TIERS_MAX, fullReductionText.tiers)), []),
});

export const activitySchema = v.object({
  id: v.number(),
  name: v.string(),
  kind: v.picklist(ACTIVITY_KINDS),
  kind_name: v.string(),
  /** 满减档位 ([] for 秒杀) and in words (满300元减30元，…) */
  tiers: v.array(v.object({ threshold_fen: v.number(), reduce_fen: v.number() })),
  tiers_text: v.string(),
  description: v.string(),
  start_at: v.number(),
  end_at: v.number(),
  per_buyer: v.number(),
  /** upcoming 未开始, running 进行中, ended 已结束 */
  phase: v.picklist(['upcoming', 'running', 'ended']),
  phase_name: v.string(),
  /** ended early by the operator (0: not) */
  ended_at: v.number(),
  /** its unsold reserves went back to the rows (0: not yet) */
  settled_at: v.number(),
  pending: v.number(),
  approved: v.number(),
  reserved: v.number(),
  sold: v.number(),
  created_at: v.number(),
});
export type Activity = v.InferOutput<typeof activitySchema>;

/** one row of a 组合套装 (docs/activities.md "组合套装"): pieces per bundle, everyday price per piece, its part of the bundle price */
export const bundleLineSchema = v.object({
  stock_id: v.number(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  uom_name: v.string(),
  qty: v.number(),
  ordinary_fen: v.number(),
  share_fen: v.number(),
  /** the row's quantity now (outside the reserve) */
  stock_qty: v.number(),
});

/** an application of one stock row (报名), or of one bundle of rows (组合套装), as its seller and the operator see it */
export const activityItemSchema = v.object({
  id: v.number(),
  activity_id: v.number(),
  activity_name: v.string(),
  activity_kind: v.picklist(ACTIVITY_KINDS),
  activity_start_at: v.number(),
  activity_end_at: v.number(),
  activity_phase_name: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  stock_id: v.number(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  /** the row's quantity now (outside the reserve) */
  stock_qty: v.number(),
  ordinary_fen: v.number(),
  activity_price_fen: v.number(),
  activity_qty: v.number(),
  state: v.picklist(ITEM_STATES),
  state_name: v.string(),
  reserved: v.number(),
  sold: v.number(),
  returned: v.number(),
  reject_reason: v.string(),
  applied_at: v.number(),
  audited_at: v.number(),
  /** 组合套装: its rows (the first is stock_id); activity_price_fen is the bundle price, ordinary_fen the rows' everyday sum, the counts are bundles; [] for the other kinds */
  lines: v.array(bundleLineSchema),
});
export type ActivityItem = v.InferOutput<typeof activityItemSchema>;

/** an item a buyer sees at /activity */
export const activityOfferSchema = v.object({
  item_id: v.number(),
  stock_id: v.number(),
  company_id: v.number(),
  company_name: v.string(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  uom_name: v.string(),
  ordinary_fen: v.number(),
  activity_price_fen: v.number(),
  activity_qty: v.number(),
  /** pieces (bundles of a 组合套装) left in the reserve */
  left: v.number(),
  sold: v.number(),
  /** 组合套装: its rows; [] for the other kinds */
  lines: v.array(bundleLineSchema),
});

const orderContact = {
  contact_name: v.pipe(v.string(orderText.contactName), v.trim(), v.minLength(1, orderText.contactName), v.maxLength(ORDER_CONTACT_MAX, orderText.contactNameLong)),
  contact_phone: v.pipe(v.string(orderText.contactPhone), v.trim(), v.regex(PHONE_RE, orderText.contactPhone)),
  address: text(orderText.address, ORDER_ADDRESS_MIN, ORDER_ADDRESS_MAX),
  remark: v.optional(text(orderText.remark, 0, ORDER_REMARK_MAX), ''),
};

const itemQty = { item_id: int(activityText.itemId, 1, MAX_ID), qty: int(activityText.qty, 1, ACTIVITY_PER_BUYER_MAX) };

export const activityOrderInfoSchema = v.object({
  activity: activitySchema,
  item: activityOfferSchema,
  qty: v.number(),
  unit_price_fen: v.number(),
  /** what the buyer pays for qty pieces, fen */
  total_fen: v.number(),
  /** what the same pieces cost on other days, and the saving */
  ordinary_total_fen: v.number(),
  saved_fen: v.number(),
  per_buyer: v.number(),
  /** bought already by the caller's company */
  bought: v.number(),
  /** the most the company may still buy now (the limit and the reserve) */
  may_buy: v.number(),
  /** '' when qty may be bought now, else why not */
  reason: v.string(),
});

export const activityItemPayload = v.object({
  activity_id: int(activityText.activityId, 1, MAX_ID),
  stock_id: int(activityText.stockId, 1, Number.MAX_SAFE_INTEGER),
  /** 秒杀 only (a 满减 row sells at its own price, nothing reserved) */
  activity_price_fen: v.optional(fenField('活动价', 1, 1_000_000_000)),
  activity_qty: v.optional(int(activityText.activityQty, 1, ACTIVITY_QTY_MAX)),
});

/** a 组合套装 application: 2–5 rows with their pieces per bundle, the bundle price and the bundles reserved */
export const activityBundlePayload = v.object({
  activity_id: int(activityText.activityId, 1, MAX_ID),
  lines: v.pipe(
    v.array(v.object({ stock_id: int(activityText.stockId, 1, Number.MAX_SAFE_INTEGER), qty: int(bundleText.lineQty, 1, BUNDLE_LINE_QTY_MAX) }), bundleText.lines),
    v.maxLength(BUNDLE_LINES_MAX, bundleText.lines),
  ),
  bundle_price_fen: fenField('套装价', 1, 1_000_000_000),
  bundle_qty: int(bundleText.qty, 1, ACTIVITY_QTY_MAX),
});

export const activityEndpoints = {
  // ---- the storefront (/activity) ----
  activityList: defineEndpoint({
    method: 'get', path: '/activity', tag: 'activity', access: 'user',
    summary: '活动（/activity）：进行中和即将开始的活动，各带已审核通过的商品（活动价、日常价、剩余数量）',
    payload: emptyPayload,
    answer: v.object({ data: v.array(v.object({ activity: activitySchema, items: v.array(activityOfferSchema) })) }),
  }),
  activityOrderInfo: defineEndpoint({
    method: 'get', path: '/activity/order/getinfo', tag: 'activity', access: 'user', permissions: ACTIVITY_BUYER_CODES,
    summary: '活动下单确认（/activity/order/getinfo）：按活动价计算应付金额、每家企业限购、本公司已购与还能买的数量，不能购买时说明原因',
    payload: v.object(itemQty),
    answer: activityOrderInfoSchema,
  }),
  activityOrderComplete: defineEndpoint({
    method: 'post', path: '/activity/order/complete', tag: 'activity', access: 'user', permissions: ACTIVITY_BUYER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '活动下单（/activity/order/complete）：从活动库存中扣减（并发下不会超卖，也不超过每家企业限购），按活动价生成普通订单；金额须与 expected_total_fen 一致；必须带 Idempotency-Key',
    payload: v.object({ ...itemQty, expected_total_fen: int(orderText.expectedTotal, 1, Number.MAX_SAFE_INTEGER), ...orderContact }),
    answer: v.object({ order: orderSummarySchema, total_fen: v.number() }),
  }),
  // ---- the seller's 活动报名 (商品, M03) ----
  activityOpen: defineEndpoint({
    method: 'get', path: '/backend/activity/open', tag: 'activity', access: 'user', permissions: ACTIVITY_SELLER_CODES,
    summary: '可报名的活动：未结束的活动（时间、限购）',
    payload: emptyPayload,
    answer: v.object({ data: v.array(activitySchema) }),
  }),
  activityStockOptions: defineEndpoint({
    method: 'get', path: '/backend/activity/stock', tag: 'activity', access: 'user', permissions: ACTIVITY_SELLER_CODES,
    summary: '报名时选择库存：本公司在售、有价格的库存，按OE号或名称查找（最多20条），带日常价与库存数量',
    payload: v.object({ q: v.optional(v.pipe(v.string('搜索内容应为文字'), v.trim(), v.maxLength(50, '搜索内容最多50个字')), '') }),
    answer: v.object({ data: v.array(v.object({ stock_id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), quantity: v.number(), ordinary_fen: v.number() })) }),
  }),
  activityApplications: defineEndpoint({
    method: 'get', path: '/backend/activity/items', tag: 'activity', access: 'user', permissions: ACTIVITY_SELLER_CODES,
    summary: '活动报名：本公司报名的库存（活动价、活动数量、审核状态、已售、退回），按状态筛选，分页',
    payload: v.object({ state: v.optional(v.picklist(['', ...ITEM_STATES], activityText.state), ''), ...paging }),
    answer: v.object({ data: v.array(activityItemSchema), total: v.number() }),
  }),
  activityApply: defineEndpoint({
    method: 'post', path: '/backend/activity/items', tag: 'activity', access: 'user', permissions: ACTIVITY_SELLER_CODES, idempotent: true,
    summary: '报名活动：本公司一条在售库存；秒杀须填活动价（低于日常价）与活动数量（不超过当前库存），审核通过时活动数量从库存中划出；满减不填，按日常售价参加；同一条库存不能报名时间重叠的两个活动',
    payload: activityItemPayload,
    answer: activityItemSchema,
  }),
  activityApplyBundle: defineEndpoint({
    method: 'post', path: '/backend/activity/bundles', tag: 'activity', access: 'user', permissions: ACTIVITY_SELLER_CODES, idempotent: true,
    summary: '报名组合套装：本公司2到5条在售库存，各填每套件数；套装价须低于各配件日常价×件数之和；套装数量不超过每条库存够组的套数，审核通过时从各条库存中划出；同一条库存不能报名时间重叠的两个活动',
    payload: activityBundlePayload,
    answer: activityItemSchema,
  }),
  // ---- the operator's 活动 (D08) ----
  opActivityList: defineEndpoint({
    method: 'get', path: '/operation/activity/list', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.list,
    summary: '运营 · 活动列表：按阶段（未开始、进行中、已结束）和名称筛选，各带待审核、已通过、活动库存与已售数量，分页',
    payload: v.object({ phase: phases, q: v.optional(v.pipe(v.string(activityText.name), v.trim(), v.maxLength(ACTIVITY_NAME_MAX, activityText.name)), ''), ...paging }),
    answer: v.object({ data: v.array(activitySchema), total: v.number() }),
  }),
  opActivityCreate: defineEndpoint({
    method: 'post', path: '/operation/activity/list', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.list, idempotent: true,
    summary: '运营创建活动：名称、类型（秒杀、满减或组合套装）、说明、开始与结束时间（最长31天）；秒杀和组合套装填每家企业限购（件或套），满减填1到5档满减档位（门槛与减免逐档递增，减免小于门槛）',
    payload: activityPayload,
    answer: activitySchema,
  }),
  opActivityUpdate: defineEndpoint({
    method: 'post', path: '/operation/activity/update', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.list, idempotent: true,
    summary: '运营修改活动：名称和说明随时可改；开始时间、结束时间、限购和满减档位只能在活动开始前修改；类型不能修改；已结束的活动不能修改',
    payload: v.object({ id: int(activityText.activityId, 1, MAX_ID), ...activityPayload.entries }),
    answer: activitySchema,
  }),
  opActivityEnd: defineEndpoint({
    method: 'post', path: '/operation/activity/end', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.list, idempotent: true,
    summary: '运营结束活动：立即结束，未售出的活动库存退回各条库存，未审核的报名关闭',
    payload: v.object({ id: int(activityText.activityId, 1, MAX_ID) }),
    answer: activitySchema,
  }),
  opActivityItems: defineEndpoint({
    method: 'get', path: '/operation/activity/audit', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.audit,
    summary: '运营 · 活动审核：卖家的报名，按状态（默认待审核）和活动筛选，先报名的在前，分页',
    payload: v.object({
      state: v.optional(v.picklist(['', ...ITEM_STATES], activityText.state), 'pending'),
      activity_id: v.optional(int(activityText.activityId, 0, MAX_ID), 0),
      ...paging,
    }),
    answer: v.object({ data: v.array(activityItemSchema), total: v.number() }),
  }),
  opActivityApprove: defineEndpoint({
    method: 'post', path: '/operation/activity/audit/approve', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.audit, idempotent: true,
    summary: '审核通过报名：活动数量从库存中划入活动库存（库存不足或活动价已不低于日常价则不能通过）',
    payload: v.object({ id: int(activityText.itemId, 1, MAX_ID) }),
    answer: activityItemSchema,
  }),
  opActivityReject: defineEndpoint({
    method: 'post', path: '/operation/activity/audit/reject', tag: 'operation', access: 'operator', permissions: OP_ACTIVITY_CODES.audit, idempotent: true,
    summary: '驳回报名：须填写原因，卖家在活动报名中看到',
    payload: v.object({ id: int(activityText.itemId, 1, MAX_ID), reason: text(activityText.reason, 1, ACTIVITY_REASON_MAX) }),
    answer: activityItemSchema,
  }),
} as const;
