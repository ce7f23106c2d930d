/**
 * Vouchers (券, docs/vouchers.md): the operator's and the sellers' templates, buyers' claims and
 * /ticket, the checkout's choice, the accounting list and the operator's record.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID, wholeNumberOf } from './common';
import { pageSizeField } from './page-size';
import { fenField } from './money-field';
import { CART_CODES } from './codes';
import { CART_TYPE_CODES, CART_MAX_LINES } from '../domain/cart';
import { FINANCE_CODES } from '../domain/orders';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import {
  VOUCHER_FEN_MAX, VOUCHER_KINDS, VOUCHER_NAME_MAX, VOUCHER_PER_COMPANY_MAX, VOUCHER_TABS, VOUCHER_TOTAL_MAX, VOUCHER_VALID_DAYS_MAX,
} from '../domain/vouchers';

/** 营销 (M13): a seller's own vouchers */
export const VOUCHER_SELLER_CODES = ['M13'] as const;
/** the operator's pay/ticket and ticket/record: D05 writes, D05-01 reads */
export const VOUCHER_OP_CODES = { read: OP_CATALOGUE_CODES.payMoneyRead, write: OP_CATALOGUE_CODES.payMoneyWrite } as const;
/** 财务 · 券 (M09): the company's voucher savings and costs */
export const VOUCHER_ACCOUNTING_CODES = FINANCE_CODES;
export const VOUCHER_BUYER_CODES = CART_CODES;

export const voucherText = {
  name: `请填写券名称（1到${VOUCHER_NAME_MAX}个字）`,
  kind: '券类型只能是 amount（满减券）或 percent（折扣券）',
  amount: '请填写减免金额',
  percent: '折扣应为1到99之间的整数（减免的百分比）',
  cap: '折扣券请填写最多减免的金额',
  minOrder: '满减券的使用门槛应高于减免金额',
  sellerIds: '适用卖家应为企业编号的列表',
  sellerUnknown: '适用卖家中有不存在或不是卖家的企业',
  categoryIds: '适用配件分类应为分类编号的列表',
  categoryUnknown: '适用配件分类中有不存在的分类',
  startAt: '请选择开始领取时间',
  endAt: '请选择结束时间',
  window: '结束时间应晚于开始时间',
  ended: '结束时间已过，请选择以后的时间',
  validDays: `领取后有效天数应为0到${VOUCHER_VALID_DAYS_MAX}之间的整数（0表示在活动时间内有效）`,
  total: `发放总量应为1到${VOUCHER_TOTAL_MAX}之间的整数`,
  perCompany: `每家企业限领应为1到${VOUCHER_PER_COMPANY_MAX}之间的整数`,
  templateId: '请选择优惠券',
  tab: '状态只能是 usable（可用）、used（已使用）或 expired（已过期）',
  page: '页码应为正整数',
  cartIds: '请选择要结算的配件',
  // refusals of the service
  notFound: '优惠券不存在',
  notYours: '只能管理本公司发放的优惠券',
  stopped: '该优惠券已停止发放',
  notStarted: '该优惠券还没有开始领取',
  over: '该优惠券已领完',
  claimEnded: '该优惠券的领取时间已结束',
  limit: (n: number) => `每家企业限领${n}张，贵公司已领完`,
  ownVoucher: '不能领取本公司发放的优惠券',
  notSeller: '只有卖家可以发放优惠券，请先申请成为卖家',
  claimUnknown: '优惠券不存在或不属于贵公司',
  sellerNotInCheckout: '使用优惠券的卖家不在本次结算中',
  twice: '同一张优惠券只能用于一个订单',
  refused: (seller: string, reason: string) => `${seller}的订单不能使用这张优惠券：${reason}`,
} as const;

const int = wholeNumberOf;
const paging = { page_number: v.optional(int(voucherText.page, 1, 100000), 1), page_size: pageSizeField(50) };
const unix = (text: string) => int(text, 1, 4_102_444_800);

/** a template as its issuer writes it (operator: seller_ids allowed; a seller's: its own only) */
export const voucherTemplatePayload = v.object({
  name: v.pipe(v.string(voucherText.name), v.trim(), v.minLength(1, voucherText.name), v.maxLength(VOUCHER_NAME_MAX, voucherText.name)),
  kind: v.picklist(VOUCHER_KINDS, voucherText.kind),
  /** amount: fen off (percent: 0) */
  amount_fen: v.optional(fenField('减免金额', 0, VOUCHER_FEN_MAX), 0),
  /** percent: 1..99 off (amount: 0) */
  percent_off: v.optional(int(voucherText.percent, 0, 99), 0),
  /** percent: the most it takes off, fen */
  cap_fen: v.optional(fenField('最多减免', 0, VOUCHER_FEN_MAX), 0),
  /** the eligible amount of a seller order must reach it, fen */
  min_order_fen: v.optional(fenField('使用门槛', 0, 1_000_000_000), 0),
  seller_ids: v.optional(v.pipe(v.array(int(voucherText.sellerIds, 1, MAX_ID), voucherText.sellerIds), v.maxLength(200, voucherText.sellerIds)), []),
  category_ids: v.optional(v.pipe(v.array(int(voucherText.categoryIds, 1, MAX_ID), voucherText.categoryIds), v.maxLength(200, voucherText.categoryIds)), []),
  start_at: unix(voucherText.startAt),
  end_at: unix(voucherText.endAt),
  valid_days: v.optional(int(voucherText.validDays, 0, VOUCHER_VALID_DAYS_MAX), 0),
  total_count: int(voucherText.total, 1, VOUCHER_TOTAL_MAX),
  per_company: int(voucherText.perCompany, 1, VOUCHER_PER_COMPANY_MAX),
});

export const voucherTemplateSchema = v.object({
  id: v.number(),
  issuer_company_id: v.nullable(v.number()),
  /** 平台 or the seller's name */
  issuer_name: v.string(),
  name: v.string(),
  kind: v.picklist(VOUCHER_KINDS),
  amount_fen: v.number(),
  percent_off: v.number(),
  cap_fen: v.number(),
  min_order_fen: v.number(),
  seller_ids: v.array(v.number()),
  seller_names: v.string(),
  category_ids: v.array(v.number()),
  category_names: v.string(),
  start_at: v.number(),
  end_at: v.number(),
  valid_days: v.number(),
  total_count: v.number(),
  claimed: v.number(),
  per_company: v.number(),
  state: v.picklist(['active', 'stopped']),
  /** 未开始, 领取中, 已领完, 已结束, 已停止 */
  state_name: v.string(),
  created_at: v.number(),
  /** uses not returned, and what they took off */
  used: v.number(),
  used_fen: v.number(),
});
export type VoucherTemplate = v.InferOutput<typeof voucherTemplateSchema>;

/** a template a buyer may claim (领券) */
export const voucherOfferSchema = v.object({
  ...voucherTemplateSchema.entries,
  /** claimed by the caller's company */
  mine: v.number(),
  /** the caller's company may claim one more now */
  claimable: v.boolean(),
  /** why not, in words ('' when claimable) */
  reason: v.string(),
});
export type VoucherOffer = v.InferOutput<typeof voucherOfferSchema>;

export const voucherClaimSchema = v.object({
  id: v.number(),
  template_id: v.number(),
  name: v.string(),
  issuer_company_id: v.nullable(v.number()),
  issuer_name: v.string(),
  kind: v.picklist(VOUCHER_KINDS),
  amount_fen: v.number(),
  percent_off: v.number(),
  cap_fen: v.number(),
  min_order_fen: v.number(),
  seller_ids: v.array(v.number()),
  seller_names: v.string(),
  category_ids: v.array(v.number()),
  category_names: v.string(),
  claimed_at: v.number(),
  valid_from: v.number(),
  valid_until: v.number(),
  /** 可用, 已使用, 已过期 */
  tab: v.picklist(VOUCHER_TABS),
  /** the order it is used on ('' unless used) and what it took off */
  order_no: v.string(),
  discount_fen: v.number(),
  used_at: v.number(),
});
export type VoucherClaim = v.InferOutput<typeof voucherClaimSchema>;

export const voucherCheckoutSchema = v.object({
  groups: v.array(v.object({
    company_id: v.number(),
    /** the seller order's lines, fen */
    goods_fen: v.number(),
    /** the company's unused, unexpired claims, each with what it would take off this order, or why not */
    options: v.array(v.object({ claim_id: v.number(), name: v.string(), issuer_name: v.string(), offer: v.string(), valid_until: v.number(), discount_fen: v.number(), reason: v.string() })),
    /** the best choice for the whole checkout (0: none) and its discount */
    best_claim_id: v.number(),
    best_fen: v.number(),
  })),
});
export type VoucherCheckout = v.InferOutput<typeof voucherCheckoutSchema>;

export const voucherUseSchema = v.object({
  id: v.number(),
  order_no: v.string(),
  order_status: v.string(),
  buyer_company_name: v.string(),
  seller_company_name: v.string(),
  voucher_name: v.string(),
  issuer_name: v.string(),
  discount_fen: v.number(),
  state: v.picklist(['applied', 'returned']),
  /** a platform voucher paid to the seller (0: not yet, or a seller's voucher) */
  subsidy_fen: v.number(),
  created_at: v.number(),
});
export type VoucherUse = v.InferOutput<typeof voucherUseSchema>;

export const voucherRecordSchema = v.object({
  data: v.array(v.object({
    template_id: v.number(), name: v.string(), issuer_name: v.string(), state_name: v.string(),
    issued: v.number(), claimed: v.number(), used: v.number(), expired: v.number(), used_fen: v.number(),
  })),
  total: v.number(),
  /** per issuer (平台 or a seller): counts and what its vouchers took off orders */
  by_issuer: v.array(v.object({ issuer_company_id: v.nullable(v.number()), issuer_name: v.string(), issued: v.number(), claimed: v.number(), used: v.number(), expired: v.number(), used_fen: v.number(), subsidy_fen: v.number() })),
});

const templateList = v.object({ data: v.array(voucherTemplateSchema), total: v.number() });
const stateFilter = v.optional(v.picklist(['', 'active', 'stopped'], '状态只能是 active（发放中）或 stopped（已停止）'), '');
const q = v.optional(v.pipe(v.string(voucherText.name), v.trim(), v.maxLength(VOUCHER_NAME_MAX, voucherText.name)), '');
const cartIdsText = v.pipe(
  v.string(voucherText.cartIds), v.trim(), v.regex(/^\d{1,10}(,\d{1,10}){0,199}$/, voucherText.cartIds),
  v.transform((s) => [...new Set(s.split(',').map(Number))]), v.maxLength(CART_MAX_LINES, voucherText.cartIds),
);

export const voucherEndpoints = {
  voucherCenter: defineEndpoint({
    method: 'get', path: '/vouchers/center', tag: 'vouchers', access: 'user', permissions: VOUCHER_BUYER_CODES,
    summary: '领券中心：正在发放、可领取的平台券与卖家券，各带本公司已领张数、能否再领及原因',
    payload: emptyPayload,
    answer: v.object({ data: v.array(voucherOfferSchema) }),
  }),
  voucherClaim: defineEndpoint({
    method: 'post', path: '/vouchers/claim', tag: 'vouchers', access: 'user', permissions: VOUCHER_BUYER_CODES, idempotent: true,
    summary: '领取优惠券：在领取时间内、未领完且本公司未达限领张数时领取一张（发放总量与每家企业限领在并发下也不会超出）；不能领本公司的券；支持 Idempotency-Key',
    payload: v.object({ template_id: int(voucherText.templateId, 1, MAX_ID) }),
    answer: voucherClaimSchema,
  }),
  voucherMine: defineEndpoint({
    method: 'get', path: '/vouchers/mine', tag: 'vouchers', access: 'user', permissions: VOUCHER_BUYER_CODES,
    summary: '我的优惠券（/ticket）：本公司领取的券，按可用、已使用、已过期分页，带各状态张数',
    payload: v.object({ tab: v.optional(v.picklist(VOUCHER_TABS, voucherText.tab), 'usable'), ...paging }),
    answer: v.object({ data: v.array(voucherClaimSchema), total: v.number(), counts: v.object({ usable: v.number(), used: v.number(), expired: v.number() }) }),
  }),
  voucherCheckout: defineEndpoint({
    method: 'get', path: '/vouchers/checkout', tag: 'vouchers', access: 'user', permissions: VOUCHER_BUYER_CODES,
    summary: '结算时的优惠券：按卖家订单列出本公司可用的券及各自的优惠金额或不能用的原因，并给出整单最优的选择（每个卖家订单一张，每张券只用一次）',
    payload: v.object({ cart_ids: cartIdsText, type_code: v.optional(v.picklist(CART_TYPE_CODES, '类型无效'), '配件产品') }),
    answer: voucherCheckoutSchema,
  }),
  voucherTemplates: defineEndpoint({
    method: 'get', path: '/vouchers/templates', tag: 'vouchers', access: 'user', permissions: VOUCHER_SELLER_CODES,
    summary: '营销 · 优惠券：本公司发放的券（领取、使用张数与减免金额），按状态和名称筛选，分页',
    payload: v.object({ state: stateFilter, q, ...paging }),
    answer: templateList,
  }),
  voucherTemplateCreate: defineEndpoint({
    method: 'post', path: '/vouchers/templates', tag: 'vouchers', access: 'user', permissions: VOUCHER_SELLER_CODES, idempotent: true,
    summary: '卖家发放优惠券：满减或折扣（封顶），使用门槛、适用配件分类、领取时间、有效期（活动期内或领取后N天）、发放总量和每家企业限领；只能用于本公司的订单，减免由本公司承担',
    payload: voucherTemplatePayload,
    answer: voucherTemplateSchema,
  }),
  voucherTemplateStop: defineEndpoint({
    method: 'post', path: '/vouchers/templates/stop', tag: 'vouchers', access: 'user', permissions: VOUCHER_SELLER_CODES, idempotent: true,
    summary: '停止发放本公司的优惠券：不能再领取，已领取的券在有效期内仍可使用',
    payload: v.object({ id: int(voucherText.templateId, 1, MAX_ID) }),
    answer: voucherTemplateSchema,
  }),
  voucherUses: defineEndpoint({
    method: 'get', path: '/vouchers/uses', tag: 'vouchers', access: 'user', permissions: VOUCHER_ACCOUNTING_CODES,
    summary: '财务 · 券：side=buyer 本公司采购订单用券的优惠，side=seller 本公司销售订单上的用券（本公司的券由本公司承担，平台券由平台补贴），分页',
    payload: v.object({ side: v.optional(v.picklist(['buyer', 'seller'], '类型只能是 buyer（采购）或 seller（销售）'), 'buyer'), ...paging }),
    answer: v.object({ data: v.array(voucherUseSchema), total: v.number(), discount_fen: v.number(), subsidy_fen: v.number() }),
  }),
  opVoucherTemplates: defineEndpoint({
    method: 'get', path: '/operation/pay/ticket', tag: 'operation', access: 'operator', permissions: VOUCHER_OP_CODES.read,
    summary: '运营 · 优惠券：平台与卖家发放的券，按发放方（platform 平台、seller 卖家）、状态和名称筛选，分页',
    payload: v.object({ issuer: v.optional(v.picklist(['', 'platform', 'seller'], '发放方只能是 platform（平台）或 seller（卖家）'), ''), state: stateFilter, q, ...paging }),
    answer: templateList,
  }),
  opVoucherCreate: defineEndpoint({
    method: 'post', path: '/operation/pay/ticket', tag: 'operation', access: 'operator', permissions: VOUCHER_OP_CODES.write, idempotent: true,
    summary: '运营发放平台券：可限定适用卖家与配件分类；买家使用时减免由平台承担，订单完成时由平台补贴给卖家（记入账本）',
    payload: voucherTemplatePayload,
    answer: voucherTemplateSchema,
  }),
  opVoucherStop: defineEndpoint({
    method: 'post', path: '/operation/pay/ticket/stop', tag: 'operation', access: 'operator', permissions: VOUCHER_OP_CODES.write, idempotent: true,
    summary: '运营停止发放优惠券（平台券或卖家券）：不能再领取，已领取的券在有效期内仍可使用',
    payload: v.object({ id: int(voucherText.templateId, 1, MAX_ID) }),
    answer: voucherTemplateSchema,
  }),
  opVoucherRecord: defineEndpoint({
    method: 'get', path: '/operation/pay/ticket/record', tag: 'operation', access: 'operator', permissions: VOUCHER_OP_CODES.read,
    summary: '运营 · 优惠券记录：每种券的发放量、领取、使用、过期张数与减免金额，按发放方汇总（平台券的补贴已付给卖家的金额）',
    payload: v.object({ issuer: v.optional(v.picklist(['', 'platform', 'seller'], '发放方只能是 platform（平台）或 seller（卖家）'), ''), q, ...paging }),
    answer: voucherRecordSchema,
  }),
} as const;
