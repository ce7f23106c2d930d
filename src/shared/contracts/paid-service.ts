/**
 * 付费服务 (docs/money.md#paid-services): packs that raise a company's real limits — extra employee
 * seats (员工名额, kept for good), extra stock queries (库存查询次数, used after the day's free
 * quota), VIN decodes (VIN 解析次数, added to the decodes bought) and quotes (报价包, used after the
 * day's free quotes) — priced per company level by
 * the operator (pay/product), bought in the back office (/backend/accounting/service) from the
 * wallet or through the payment provider; the operator's records (pay/record/…) and the service
 * agreement (服务协议, pay/agreement) a company accepts before its first recharge or purchase.
 * Money is integer fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { rangeRule } from '../domain/ranges';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { day, intOf, WALLET_CODES } from './wallet';
import { pageSizeField } from './page-size';
import { checkoutDeviceField } from './money-field';

export const PAID_SERVICES = ['user', 'stock', 'vin', 'quote', 'warranty'] as const;
export type PaidService = (typeof PAID_SERVICES)[number];
export const PAID_SERVICE_NAMES: Readonly<Record<PaidService, string>> = { user: '员工名额', stock: '库存查询次数', vin: 'VIN 解析次数', quote: '报价包', warranty: '平台质保' };
/** What one unit of each is called on a page. */
export const PAID_SERVICE_UNITS: Readonly<Record<PaidService, string>> = { user: '个', stock: '次', vin: '次', quote: '次', warranty: '个月' };
export const PAID_SERVICE_STATES = { pending: '待支付', paid: '已支付', cancelled: '已取消' } as const;
export const PAID_SERVICE_METHODS = { wallet: '钱包余额', provider: '在线支付' } as const;

export const PACK_SIZE_MAX = 100_000;
export const PACK_PRICE_MAX_FEN = 100_000_000;
export const PACKS_MAX = 100;
export const AGREEMENT_TITLE_MAX = 60;
export const AGREEMENT_BODY_MAX = 20_000;
export const PAID_SERVICE_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

/** Operator codes: the pay group's readers see the catalogue, records and acceptances; only the whole pay group (D05) changes prices and publishes agreements. */
export const PAID_SERVICE_OP_CODES = { read: OP_CATALOGUE_CODES.payMoneyRead, write: OP_CATALOGUE_CODES.payMoneyWrite } as const;

export const paidServiceText = {
  service: '服务只能是员工名额、库存查询次数、VIN 解析次数、报价包或平台质保',
  levelId: '请选择会员等级',
  level: '会员等级不存在',
  packSize: `每包数量应为 1 至 ${PACK_SIZE_MAX} 之间的整数`,
  priceFen: `价格应为 1 至 ${PACK_PRICE_MAX_FEN} 之间的整数（单位：分）`,
  price: `请输入价格（0.01 至 ${PACK_PRICE_MAX_FEN / 100} 元，最多两位小数）`,
  enabled: '请选择是否上架',
  packs: `购买数量应为 1 至 ${PACKS_MAX} 之间的整数（包）`,
  amountFen: '金额应为正整数（单位：分）',
  method: '支付方式只能是钱包余额或在线支付',
  mayNotUse: '只有企业负责人或有财务权限的员工可以购买服务',
  notOffered: '您的会员等级暂无此服务可购买',
  priceChanged: (fen: number) => `应付金额已变为 ¥${(fen / 100).toFixed(2)}，请刷新页面后再购买`,
  purchaseNotFound: '服务购买单不存在',
  sandboxNotPayer: '只有发起购买的本人可以确认这笔演示支付',
  providerMismatch: '支付渠道与购买单不符',
  amountMismatch: '支付金额与购买单不符',
  cancelled: '该购买单已取消，不能支付',
  state: '状态只能是待支付、已支付或已取消',
  company: '企业名称最多 60 个字',
  page: '页码应为正整数',
  pageSize: '每页条数只能是 50、100、200、400 或 800',
  rangeReversed: '开始日期不能晚于结束日期',
  stockPackUsedUp: '今日免费库存查询次数和已购的查询次数都已用完，请在“购买服务”中购买查询次数',
  agreementTitle: `请填写协议标题（1 至 ${AGREEMENT_TITLE_MAX} 个字）`,
  agreementBody: `请填写协议正文（1 至 ${AGREEMENT_BODY_MAX} 个字）`,
  agreementVersion: '协议版本应为正整数',
  agreementNotCurrent: '该协议版本已不是最新版本，请刷新页面阅读最新协议后再同意',
  agreementNone: '平台尚未发布服务协议，无需同意',
  agreementRequired: '请先阅读并同意最新的《服务协议》（在“财务 → 购买服务”页面）后再充值或购买服务',
} as const;

/** Promotion prices (促销价, pay/promotionPricing and pay/promotionUse; docs/money.md#promotion-prices). */
export const PROMOTION_KINDS = { price: '促销价', percent: '折扣' } as const;
export type PromotionKind = keyof typeof PROMOTION_KINDS;
export const PAID_PROMOTION_STATES = { live: '进行中', upcoming: '未开始', used_up: '已用完', ended: '已结束', disabled: '已停用' } as const;
export type PaidPromotionState = keyof typeof PAID_PROMOTION_STATES;
export const PROMOTION_NAME_MAX = 40;
export const PROMOTION_USES_MAX = 1_000_000;
export const PROMOTION_PER_COMPANY_MAX = 10_000;

export const paidPromotionText = {
  id: '促销编号无效',
  notFound: '促销不存在',
  name: `请填写促销名称（1 至 ${PROMOTION_NAME_MAX} 个字）`,
  levelIds: '请至少选择一个会员等级（最多 50 个）',
  level: '所选的会员等级不存在',
  kind: '优惠方式只能是促销价或折扣',
  value: '请填写优惠数值：促销价为每包价格（分），折扣为减免的百分数',
  price: `促销价应为 1 至 ${PACK_PRICE_MAX_FEN} 之间的整数（单位：分）`,
  percent: '折扣应为 1 至 99 之间的整数（减免的百分数）',
  priceYuan: '请输入促销价（元，最多两位小数）',
  startAt: '请选择开始时间',
  endAt: '请选择结束时间',
  window: '结束时间应晚于开始时间',
  endPassed: '结束时间已过，请选择以后的时间',
  maxUses: `总次数应为 0 至 ${PROMOTION_USES_MAX} 之间的整数（0 为不限）`,
  perCompany: `每家企业次数应为 0 至 ${PROMOTION_PER_COMPANY_MAX} 之间的整数（0 为不限）`,
  enabled: '请选择是否启用',
  state: '状态只能是进行中、未开始、已用完、已结束或已停用',
  noProduct: (level: string) => `${level}尚未设置该服务的价格，请先在“付费服务”中设置后再设促销价`,
  aboveList: (level: string, fen: number) => `促销价应低于${level}的原价 ¥${(fen / 100).toFixed(2)}（每包）`,
  overlap: (name: string) => `所选会员等级在这段时间已有启用的同一服务促销“${name}”，开始时间和结束时间不能与它重叠`,
  belowUsed: (n: number) => `总次数不能少于已使用的 ${n} 次`,
  promotionId: '促销编号应为整数',
} as const;

const paging = {
  page_number: v.optional(intOf(paidServiceText.page, 1, 100000), 1),
  page_size: pageSizeField(50),
};
const serviceField = v.picklist(PAID_SERVICES, paidServiceText.service);

export const paidServiceProductSchema = v.object({
  service: v.picklist(PAID_SERVICES),
  level_id: v.number(),
  level_name: v.string(),
  /** false: no price set for this level yet */
  configured: v.boolean(),
  pack_size: v.number(),
  price_fen: v.number(),
  enabled: v.boolean(),
});
export type PaidServiceProduct = v.InferOutput<typeof paidServiceProductSchema>;

export const paidServicePurchaseSchema = v.object({
  id: v.number(),
  purchase_no: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  user_name: v.string(),
  service: v.picklist(PAID_SERVICES),
  level_name: v.string(),
  pack_size: v.number(),
  packs: v.number(),
  units: v.number(),
  amount_fen: v.number(),
  method: v.picklist(['wallet', 'provider']),
  state: v.picklist(['pending', 'paid', 'cancelled']),
  /** unix seconds */
  created_at: v.number(),
  /** unix seconds; 0 until paid */
  paid_at: v.number(),
});
export type PaidServicePurchase = v.InferOutput<typeof paidServicePurchaseSchema>;

export const agreementSchema = v.object({ version: v.number(), title: v.string(), body: v.string(), published_at: v.number() });
export type Agreement = v.InferOutput<typeof agreementSchema>;

/** What the company has of each service now. */
export const paidServiceStandingSchema = v.object({
  /** employees: active now, the level's limit, seats bought (kept for good) */
  user: v.object({ have: v.number(), level_limit: v.number(), bought: v.number(), limit: v.number() }),
  /** stock queries: the level's free ones per day (-1: unlimited), used today, bought ones left */
  stock: v.object({ per_day: v.number(), used_today: v.number(), remaining: v.number(), bought: v.number() }),
  /** VIN decodes: unlimited while a date-based period runs; else decodes bought (incl. the level's gift) and left */
  vin: v.object({ unlimited: v.boolean(), bought: v.number(), available: v.number() }),
  /** quotes: the level's free ones per day (null: unlimited) and left today, quotes given today, bought ones left and bought in all */
  quote: v.object({ per_day: v.nullable(v.number()), free_left: v.nullable(v.number()), used_today: v.number(), remaining: v.number(), bought: v.number() }),
  /** the platform warranty (docs/warranty.md): its end (unix seconds, 0: never bought), whether it runs now, the longest enabled term's months (0: no term) */
  warranty: v.object({ until: v.number(), active: v.boolean(), months: v.number() }),
});

export const paidPromotionSchema = v.object({
  id: v.number(), name: v.string(), service: v.picklist(PAID_SERVICES),
  level_ids: v.array(v.number()),
  /** the levels' names, joined with 、 */
  level_names: v.string(),
  kind: v.picklist(['price', 'percent']),
  /** price: fen per pack; percent: percent off */
  value: v.number(),
  /** unix seconds */
  start_at: v.number(), end_at: v.number(),
  /** 0: no limit */
  max_uses: v.number(), per_company: v.number(),
  /** purchases holding a use (paid or waiting for the provider) */
  used: v.number(),
  enabled: v.boolean(),
  state: v.picklist(Object.keys(PAID_PROMOTION_STATES) as [PaidPromotionState, ...PaidPromotionState[]]),
  /** the paid uses and what they saved the buyers, fen */
  paid_uses: v.number(), saved_fen: v.number(),
  created_by: v.string(), created_at: v.number(),
});
export type PaidPromotion = v.InferOutput<typeof paidPromotionSchema>;

export const paidPromotionUseSchema = v.object({
  id: v.number(), created_at: v.number(), company_id: v.number(), company_name: v.string(),
  service: v.picklist(PAID_SERVICES), promotion_id: v.number(), promotion_name: v.string(), level_name: v.string(),
  packs: v.number(), original_fen: v.number(), charged_fen: v.number(),
  purchase_no: v.string(), state: v.picklist(['pending', 'paid', 'cancelled']),
});
export type PaidPromotionUse = v.InferOutput<typeof paidPromotionUseSchema>;

const unixField = (text: string) => intOf(text, 1, 4_102_444_800);
const promotionStateFilter = v.optional(v.union([v.literal(''), v.picklist(Object.keys(PAID_PROMOTION_STATES) as [PaidPromotionState, ...PaidPromotionState[]], paidPromotionText.state)], paidPromotionText.state), '');

export const paidServiceEndpoints = {
  paidServiceCatalogue: defineEndpoint({
    method: 'get', path: '/paid-service/catalogue', tag: 'paid-service', access: 'user', permissions: WALLET_CODES,
    summary: '购买服务：本公司会员等级可买的服务包（每包数量、价格，分）、现有额度、钱包可用余额和服务协议（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: v.object({
      company_name: v.string(), level_name: v.string(),
      /** price_fen: what one pack costs this company now (the promotion's price while one applies); list_price_fen: the catalogue's */
      products: v.array(v.object({
        service: v.picklist(PAID_SERVICES), pack_size: v.number(), price_fen: v.number(), list_price_fen: v.number(),
        promotion: v.nullable(v.object({ id: v.number(), name: v.string(), end_at: v.number() })),
      })),
      standing: paidServiceStandingSchema,
      wallet_available_fen: v.number(),
      demo_payment: v.boolean(),
      /** the current agreement (null: none published) and whether the company accepted it */
      agreement: v.nullable(agreementSchema),
      agreement_accepted: v.boolean(),
    }),
  }),
  paidServiceBuy: defineEndpoint({
    method: 'post', path: '/paid-service/buy', tag: 'paid-service', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '购买服务包：服务、包数和应付金额（分，须等于当前价格×包数）；钱包余额支付立即生效，在线支付返回收银台地址，支付渠道通知确认后生效一次',
    payload: v.object({
      service: serviceField,
      packs: intOf(paidServiceText.packs, 1, PACKS_MAX),
      amount_fen: intOf(paidServiceText.amountFen, 1, PACK_PRICE_MAX_FEN * PACKS_MAX),
      method: v.picklist(['wallet', 'provider'], paidServiceText.method),
      device: checkoutDeviceField,
    }),
    answer: v.object({ purchase_no: v.string(), state: v.picklist(['pending', 'paid', 'cancelled']), amount_fen: v.number(), checkout_url: v.string() }),
  }),
  paidServicePurchases: defineEndpoint({
    method: 'get', path: '/paid-service/purchases', tag: 'paid-service', access: 'user', permissions: WALLET_CODES,
    summary: '本公司的服务购买记录，新的在前，分页',
    payload: v.object(paging),
    answer: v.object({ data: v.array(paidServicePurchaseSchema), total: v.number() }),
  }),
  serviceAgreementAccept: defineEndpoint({
    method: 'post', path: '/paid-service/agreement/accept', tag: 'paid-service', access: 'user', permissions: WALLET_CODES, idempotent: true,
    summary: '本公司同意当前版本的服务协议（版本须为当前版本）；已同意的再次同意不变',
    payload: v.object({ version: intOf(paidServiceText.agreementVersion, 1, 1_000_000) }),
    answer: v.object({ version: v.number(), accepted_at: v.number() }),
  }),
  opPaidServiceProducts: defineEndpoint({
    method: 'get', path: '/operation/paid-service/products', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read,
    summary: '运营：付费服务目录，每个服务 × 会员等级的每包数量、价格（分）和是否上架',
    payload: emptyPayload,
    answer: v.object({ data: v.array(paidServiceProductSchema) }),
  }),
  opPaidServiceProductSave: defineEndpoint({
    method: 'post', path: '/operation/paid-service/product', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.write, idempotent: true,
    summary: '运营：设置一个会员等级的服务包：每包数量、价格（分）、是否上架；已买的不受影响',
    payload: v.object({
      service: serviceField,
      level_id: intOf(paidServiceText.levelId, 1, 2_147_483_647),
      pack_size: intOf(paidServiceText.packSize, 1, PACK_SIZE_MAX),
      price_fen: intOf(paidServiceText.priceFen, 1, PACK_PRICE_MAX_FEN),
      enabled: v.boolean(paidServiceText.enabled),
    }),
    answer: paidServiceProductSchema,
  }),
  opPaidServiceRecords: defineEndpoint({
    method: 'get', path: '/operation/paid-service/records', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read, heavy: true,
    summary: '运营：一项服务的购买记录（每条带该企业现有额度和已用），按企业名称、状态、日期（中国日）筛选，分页；带已支付金额合计',
    payload: v.pipe(
      v.object({
        service: serviceField,
        company: v.optional(v.pipe(v.string(paidServiceText.company), v.trim(), v.maxLength(60, paidServiceText.company)), ''),
        state: v.optional(v.union([v.literal(''), v.picklist(['pending', 'paid', 'cancelled'], paidServiceText.state)], paidServiceText.state), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
        ...paging,
      }),
      rangeRule('date_from', 'date_to', paidServiceText.rangeReversed),
    ),
    answer: v.object({
      data: v.array(v.object({ ...paidServicePurchaseSchema.entries, remaining: v.number(), used: v.number() })),
      total: v.number(), paid_fen: v.number(),
    }),
  }),
  opAgreements: defineEndpoint({
    method: 'get', path: '/operation/paid-service/agreements', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read,
    summary: '运营：服务协议的各个版本（新的在前）和每个版本的同意企业数',
    payload: emptyPayload,
    answer: v.object({ data: v.array(v.object({ ...agreementSchema.entries, accepted: v.number() })) }),
  }),
  opAgreementPublish: defineEndpoint({
    method: 'post', path: '/operation/paid-service/agreement', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.write, idempotent: true, idempotencyRequired: true,
    summary: '运营：发布服务协议的新版本（标题、正文）；此后每个企业须同意新版本后才能充值或购买服务',
    payload: v.object({
      title: v.pipe(v.string(paidServiceText.agreementTitle), v.trim(), v.minLength(1, paidServiceText.agreementTitle), v.maxLength(AGREEMENT_TITLE_MAX, paidServiceText.agreementTitle)),
      body: v.pipe(v.string(paidServiceText.agreementBody), v.trim(), v.minLength(1, paidServiceText.agreementBody), v.maxLength(AGREEMENT_BODY_MAX, paidServiceText.agreementBody)),
    }),
    answer: agreementSchema,
  }),
  opAgreementAcceptances: defineEndpoint({
    method: 'get', path: '/operation/paid-service/acceptances', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read,
    summary: '运营：哪个企业的哪位用户在何时同意了哪个版本的服务协议，按版本和企业名称筛选，分页',
    payload: v.object({
      version: v.optional(intOf(paidServiceText.agreementVersion, 0, 1_000_000), 0),
      company: v.optional(v.pipe(v.string(paidServiceText.company), v.trim(), v.maxLength(60, paidServiceText.company)), ''),
      ...paging,
    }),
    answer: v.object({
      data: v.array(v.object({ version: v.number(), company_id: v.number(), company_name: v.string(), user_name: v.string(), accepted_at: v.number() })),
      total: v.number(),
    }),
  }),
  opPaidPromotions: defineEndpoint({
    method: 'get', path: '/operation/paid-service/promotions', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read,
    summary: '运营：付费服务的促销价（服务、会员等级、促销价或折扣、起止时间、总次数和每家企业次数、已用），按服务、状态和名称筛选，分页',
    payload: v.object({
      service: v.optional(v.union([v.literal(''), serviceField], paidServiceText.service), ''),
      state: promotionStateFilter,
      q: v.optional(v.pipe(v.string(paidPromotionText.name), v.trim(), v.maxLength(PROMOTION_NAME_MAX, paidPromotionText.name)), ''),
      ...paging,
    }),
    answer: v.object({ data: v.array(paidPromotionSchema), total: v.number() }),
  }),
  opPaidPromotionSave: defineEndpoint({
    method: 'post', path: '/operation/paid-service/promotion', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.write, idempotent: true, idempotencyRequired: true,
    summary: '运营：新建（id 为 0）或修改一个促销价：服务、会员等级、促销价（每包，分）或折扣（百分数）、起止时间（unix 秒）、总次数和每家企业次数（0 为不限）、是否启用；须低于原价，同一服务和等级的启用促销时间不能重叠',
    payload: v.object({
      id: v.optional(intOf(paidPromotionText.id, 0, 2_147_483_647), 0),
      name: v.pipe(v.string(paidPromotionText.name), v.trim(), v.minLength(1, paidPromotionText.name), v.maxLength(PROMOTION_NAME_MAX, paidPromotionText.name)),
      service: serviceField,
      level_ids: v.pipe(v.array(intOf(paidPromotionText.level, 1, 2_147_483_647), paidPromotionText.levelIds), v.minLength(1, paidPromotionText.levelIds), v.maxLength(50, paidPromotionText.levelIds)),
      kind: v.picklist(['price', 'percent'], paidPromotionText.kind),
      value: intOf(paidPromotionText.value, 1, PACK_PRICE_MAX_FEN),
      start_at: unixField(paidPromotionText.startAt),
      end_at: unixField(paidPromotionText.endAt),
      max_uses: v.optional(intOf(paidPromotionText.maxUses, 0, PROMOTION_USES_MAX), 0),
      per_company: v.optional(intOf(paidPromotionText.perCompany, 0, PROMOTION_PER_COMPANY_MAX), 0),
      enabled: v.optional(v.boolean(paidPromotionText.enabled), true),
    }),
    answer: paidPromotionSchema,
  }),
  opPaidPromotionEnable: defineEndpoint({
    method: 'post', path: '/operation/paid-service/promotion-enable', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.write, idempotent: true,
    summary: '运营：启用或停用一个促销价；启用时同样不能与同一服务和等级的启用促销时间重叠；已按促销价购买的不受影响',
    payload: v.object({ id: intOf(paidPromotionText.id, 1, 2_147_483_647), enabled: v.boolean(paidPromotionText.enabled) }),
    answer: paidPromotionSchema,
  }),
  opPaidPromotionUses: defineEndpoint({
    method: 'get', path: '/operation/paid-service/promotion-uses', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read, heavy: true,
    summary: '运营：按促销价购买的记录（企业、服务、促销、原价和实付，分，购买单号、状态、时间），按企业、服务、促销和日期（中国日）筛选，分页；带未取消的原价与实付合计',
    payload: v.pipe(
      v.object({
        company: v.optional(v.pipe(v.string(paidServiceText.company), v.trim(), v.maxLength(60, paidServiceText.company)), ''),
        service: v.optional(v.union([v.literal(''), serviceField], paidServiceText.service), ''),
        promotion_id: v.optional(intOf(paidPromotionText.promotionId, 0, 2_147_483_647), 0),
        date_from: day('开始日期'), date_to: day('结束日期'),
        ...paging,
      }),
      rangeRule('date_from', 'date_to', paidServiceText.rangeReversed),
    ),
    answer: v.object({ data: v.array(paidPromotionUseSchema), total: v.number(), original_fen: v.number(), charged_fen: v.number() }),
  }),
} as const;
