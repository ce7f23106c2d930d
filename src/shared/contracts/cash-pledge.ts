/**
 * 保证金 (cash pledge) of sellers (docs/money.md#cash-pledges): the operator sets the amount per
 * company level; a seller pays it from its wallet or through the payment provider; it is held in
 * the ledger's cash_pledge_held account, shown on the shop as a trust mark, deducted by the
 * operator's decision on an after-sale dispute, and returned when the seller leaves. Back office:
 * /backend/accounting/cashpledge; operator: /operation/pay/cashpledge. Money is integer fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';
import { asNoField } from './aftersale';
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../domain/orders';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { pageSizeField } from './page-size';
import { checkoutDeviceField } from './money-field';

/** The largest pledge a level may ask: 100 万元. */
export const CASH_PLEDGE_MAX_FEN = 100_000_000;
export const CASH_PLEDGE_REASON_MAX = 200;
export const CASH_PLEDGE_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

/** Operator codes: the pay group's readers see the pledges; only the whole pay group (D05) sets amounts, deducts and returns. */
export const CASH_PLEDGE_OP_CODES = { read: OP_CATALOGUE_CODES.payMoneyRead, write: OP_CATALOGUE_CODES.payMoneyWrite } as const;
const SELLER_CODES = [...FINANCE_CODES, ...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES];

export const cashPledgeText = {
  notSeller: '只有卖家企业需要缴纳保证金，请先完成卖家入驻',
  mayNotUse: '只有企业负责人或有财务权限的员工可以查看和缴纳保证金',
  amountFen: `金额应为 1 至 ${CASH_PLEDGE_MAX_FEN} 之间的整数（单位：分）`,
  levelAmountFen: `保证金金额应为 0 至 ${CASH_PLEDGE_MAX_FEN} 之间的整数（单位：分）`,
  levelAmount: `请输入保证金金额（0 至 ${CASH_PLEDGE_MAX_FEN / 100} 元，最多两位小数）`,
  deductAmount: '请输入扣除金额（元，最多两位小数）',
  notDue: '当前无需缴纳保证金',
  dueChanged: (dueFen: number) => `缴纳金额应为应缴金额 ¥${(dueFen / 100).toFixed(2)}，请刷新页面后再缴纳`,
  method: '支付方式只能是钱包余额或在线支付',
  level: '会员等级不存在',
  levelId: '请选择会员等级',
  reason: `请填写原因（1 至 ${CASH_PLEDGE_REASON_MAX} 个字）`,
  beneficiary: '请选择扣除后的去向：赔付买家或平台收取',
  overHeld: (heldFen: number) => `扣除金额超过卖家已缴保证金 ¥${(heldFen / 100).toFixed(2)}`,
  nothingHeld: '该企业没有可退还的保证金',
  notSellerCompany: '该企业不是卖家',
  state: '状态只能是已缴足、待缴或无需缴纳',
  company: '企业名称最多 60 个字',
  page: '页码应为正整数',
  pageSize: '每页条数只能是 50、100、200、400 或 800',
  paymentNotFound: '保证金缴纳单不存在',
  sandboxNotPayer: '只有发起缴纳的本人可以确认这笔演示支付',
  providerMismatch: '支付渠道与缴纳单不符',
  amountMismatch: '支付金额与缴纳单不符',
  cancelled: '该缴纳单已取消，不能支付',
  mark: (fen: number) => `已缴保证金 ¥${(fen / 100).toFixed(2)}`,
} as const;

export const CASH_PLEDGE_ACTIONS = { pay: '缴纳', deduct: '扣除', return: '退还' } as const;
export const CASH_PLEDGE_BENEFICIARIES = { buyer: '赔付买家', platform: '平台收取' } as const;
/** A seller's standing: paid in full, owing (less than its level asks), or nothing asked and nothing held. */
export const CASH_PLEDGE_STATES = { held: '已缴足', due: '待缴', none: '无需缴纳' } as const;

const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^-?\d{1,15}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
const reason = v.pipe(v.string(cashPledgeText.reason), v.trim(), v.minLength(1, cashPledgeText.reason), v.maxLength(CASH_PLEDGE_REASON_MAX, cashPledgeText.reason));
const paging = {
  page_number: v.optional(intOf(cashPledgeText.page, 1, 100000), 1),
  page_size: pageSizeField(50),
};

export const cashPledgeEventSchema = v.object({
  id: v.number(),
  event_no: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  action: v.picklist(['pay', 'deduct', 'return']),
  amount_fen: v.number(),
  /** the payment number, or the after-sale number of a deduction */
  reference: v.string(),
  beneficiary: v.picklist(['buyer', 'platform', '']),
  reason: v.string(),
  /** unix seconds */
  created_at: v.number(),
});
export type CashPledgeEvent = v.InferOutput<typeof cashPledgeEventSchema>;

export const cashPledgeStatusSchema = v.object({
  is_seller: v.boolean(),
  company_id: v.number(),
  company_name: v.string(),
  level_name: v.string(),
  /** what the company's level asks */
  required_fen: v.number(),
  /** what is held now */
  held_fen: v.number(),
  /** what is still to pay: required less held, never below zero */
  due_fen: v.number(),
  wallet_available_fen: v.number(),
  /** payments go through the sandbox */
  demo_payment: v.boolean(),
});
export type CashPledgeStatus = v.InferOutput<typeof cashPledgeStatusSchema>;

export const opCashPledgeRowSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  level_name: v.string(),
  required_fen: v.number(),
  held_fen: v.number(),
  due_fen: v.number(),
  state: v.picklist(['held', 'due', 'none']),
});
export type OpCashPledgeRow = v.InferOutput<typeof opCashPledgeRowSchema>;

const eventAnswer = v.object({ event: cashPledgeEventSchema, held_fen: v.number() });

export const cashPledgeEndpoints = {
  cashPledgeGet: defineEndpoint({
    method: 'get', path: '/cash-pledge/status', tag: 'cash-pledge', access: 'user', permissions: SELLER_CODES,
    summary: '本公司的保证金：会员等级要求的金额、已缴、待缴和可用余额（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: cashPledgeStatusSchema,
  }),
  cashPledgeEvents: defineEndpoint({
    method: 'get', path: '/cash-pledge/events', tag: 'cash-pledge', access: 'user', permissions: SELLER_CODES,
    summary: '本公司保证金的缴纳、扣除和退还记录，新的在前',
    payload: v.object(paging),
    answer: v.object({ data: v.array(cashPledgeEventSchema), total: v.number() }),
  }),
  cashPledgePay: defineEndpoint({
    method: 'post', path: '/cash-pledge/pay', tag: 'cash-pledge', access: 'user', permissions: SELLER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '缴纳保证金：金额为应缴金额（分）；钱包余额支付立即入账，在线支付返回收银台地址，支付渠道通知确认后入账一次',
    payload: v.object({
      amount_fen: intOf(cashPledgeText.amountFen, 1, CASH_PLEDGE_MAX_FEN),
      method: v.picklist(['wallet', 'provider'], cashPledgeText.method),
      device: checkoutDeviceField,
    }),
    answer: v.object({ payment_no: v.string(), state: v.picklist(['pending', 'paid', 'cancelled']), amount_fen: v.number(), checkout_url: v.string(), held_fen: v.number() }),
  }),
  cashPledgeMark: defineEndpoint({
    method: 'get', path: '/cash-pledge/mark', tag: 'cash-pledge', access: 'public',
    summary: '店铺的保证金标识：卖家已缴的保证金（分），未缴为 0',
    payload: v.object({ company_id: companyIdSchema }),
    answer: v.object({ held_fen: v.number() }),
  }),
  opCashPledgeLevels: defineEndpoint({
    method: 'get', path: '/operation/cash-pledge/levels', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.read,
    summary: '运营：每个会员等级的卖家保证金金额（分）',
    payload: emptyPayload,
    answer: v.object({ data: v.array(v.object({ level_id: v.number(), level_name: v.string(), amount_fen: v.number() })) }),
  }),
  opCashPledgeLevelSave: defineEndpoint({
    method: 'post', path: '/operation/cash-pledge/level', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.write, idempotent: true,
    summary: '运营：设置一个会员等级的保证金金额（0 至 100 万元，分）；已缴的卖家不受影响，不足的显示待缴',
    payload: v.object({ level_id: intOf(cashPledgeText.levelId, 1, 2_147_483_647), amount_fen: intOf(cashPledgeText.levelAmountFen, 0, CASH_PLEDGE_MAX_FEN) }),
    answer: v.object({ level_id: v.number(), level_name: v.string(), amount_fen: v.number() }),
  }),
  opCashPledgeList: defineEndpoint({
    method: 'get', path: '/operation/cash-pledge/list', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.read, heavy: true,
    summary: '运营：每个卖家的保证金（要求、已缴、待缴），按企业名称和状态筛选，分页；带已缴合计',
    payload: v.object({
      company: v.optional(v.pipe(v.string(cashPledgeText.company), v.trim(), v.maxLength(60, cashPledgeText.company)), ''),
      state: v.optional(v.union([v.literal(''), v.picklist(['held', 'due', 'none'], cashPledgeText.state)], cashPledgeText.state), ''),
      ...paging,
    }),
    answer: v.object({ data: v.array(opCashPledgeRowSchema), total: v.number(), held_fen: v.number() }),
  }),
  opCashPledgeEvents: defineEndpoint({
    method: 'get', path: '/operation/cash-pledge/events', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.read,
    summary: '运营：一个卖家保证金的缴纳、扣除和退还记录，新的在前',
    payload: v.object({ company_id: companyIdSchema, ...paging }),
    answer: v.object({ data: v.array(cashPledgeEventSchema), total: v.number() }),
  }),
  opCashPledgeDeduct: defineEndpoint({
    method: 'post', path: '/operation/cash-pledge/deduct', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.write, idempotent: true, idempotencyRequired: true,
    summary: '运营：按售后纠纷的裁决从卖家保证金扣除（分），赔付买家钱包或平台收取，须填原因，通知卖家',
    payload: v.object({
      as_no: asNoField,
      amount_fen: intOf(cashPledgeText.amountFen, 1, CASH_PLEDGE_MAX_FEN),
      beneficiary: v.picklist(['buyer', 'platform'], cashPledgeText.beneficiary),
      reason,
    }),
    answer: eventAnswer,
  }),
  opCashPledgeReturn: defineEndpoint({
    method: 'post', path: '/operation/cash-pledge/return', tag: 'operation', access: 'operator', permissions: CASH_PLEDGE_OP_CODES.write, idempotent: true, idempotencyRequired: true,
    summary: '运营：卖家退出时退还其全部保证金到其钱包，须填原因，通知卖家',
    payload: v.object({ company_id: companyIdSchema, reason }),
    answer: eventAnswer,
  }),
} as const;
