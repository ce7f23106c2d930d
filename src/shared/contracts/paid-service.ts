/**
 * 付费服务 (docs/money.md#paid-services): packs that raise a company's real limits — extra employee
 * seats (员工名额, kept for good), extra stock queries (库存查询次数, used after the day's free
 * quota) and VIN decodes (VIN 解析次数, added to the decodes bought) — priced per company level by
 * the operator (pay/product), bought in the back office (/backend/accounting/service) from the
 * wallet or through the payment provider; the operator's records (pay/record/…) and the service
 * agreement (服务协议, pay/agreement) a company accepts before its first recharge or purchase.
 * Money is integer fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { rangeRule } from '../domain/ranges';
import { OP_CATALOGUE_CODES } from '../domain/operation';
import { day, intOf, WALLET_CODES } from './wallet';
import { pageSizeField } from './page-size';

export const PAID_SERVICES = ['user', 'stock', 'vin'] as const;
export type PaidService = (typeof PAID_SERVICES)[number];
export const PAID_SERVICE_NAMES: Readonly<Record<PaidService, string>> = { user: '员工名额', stock: '库存查询次数', vin: 'VIN 解析次数' };
/** What one unit of each is called on a page. */
export const PAID_SERVICE_UNITS: Readonly<Record<PaidService, string>> = { user: '个', stock: '次', vin: '次' };
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
  service: '服务只能是员工名额、库存查询次数或 VIN 解析次数',
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
});

export const paidServiceEndpoints = {
  paidServiceCatalogue: defineEndpoint({
    method: 'get', path: '/paid-service/catalogue', tag: 'paid-service', access: 'user', permissions: WALLET_CODES,
    summary: '购买服务：本公司会员等级可买的服务包（每包数量、价格，分）、现有额度、钱包可用余额和服务协议（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: v.object({
      company_name: v.string(), level_name: v.string(),
      products: v.array(v.object({ service: v.picklist(PAID_SERVICES), pack_size: v.number(), price_fen: v.number() })),
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
    method: 'get', path: '/operation/paid-service/records', tag: 'operation', access: 'operator', permissions: PAID_SERVICE_OP_CODES.read,
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
} as const;

