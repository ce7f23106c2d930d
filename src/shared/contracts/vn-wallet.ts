/**
 * 越南盾钱包 · Ví VND (the storefront's /vnwallet; docs/money.md#money-in-dong): a Vietnamese
 * company's dong wallet on the ledger, its entries, and recharges in whole dong through the
 * configured payment provider (the sandbox). Money on the wire is whole dong here.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { intOf, WALLET_CODES } from './wallet';
import { pageSizeField } from './page-size';
import { checkoutDeviceField } from './money-field';
import { dongText } from '../domain/vn-mall';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { positiveIdField } from './seller-apply';

/** The smallest and largest single dong recharge: ₫10,000 and ₫500,000,000. */
export const VND_RECHARGE_MIN = 10_000;
export const VND_RECHARGE_MAX = 500_000_000;
export const VND_RECHARGE_NO = /^VR\d{20}$/;

export const vnWalletText = {
  notVn: '越南盾钱包只对越南企业开放',
  mayNotUse: '只有企业负责人或有财务权限的员工可以查看越南盾钱包和充值',
  amount: `充值金额应为 ${dongText(VND_RECHARGE_MIN)} 至 ${dongText(VND_RECHARGE_MAX)} 之间的整数越南盾`,
  rechargeNo: '充值单号格式不正确',
  rechargeNotFound: '充值单不存在',
  providerNoVnd: '当前支付渠道不支持越南盾充值，请联系平台客服',
  cancelled: '该充值单已取消，不能支付',
  providerMismatch: '支付渠道与充值单不符',
  amountMismatch: '支付金额与充值单不符',
  sandboxNotPayer: '只有发起充值的本人可以确认这笔演示支付',
  page: '页码应为正整数',
  companyNotFound: '该越南企业不存在',
  insufficient: (balance: number, need: number) => `余额不足：越南盾钱包余额 ${dongText(balance)}，需要 ${dongText(need)}`,
} as const;

/** The transaction kinds a dong wallet shows, with their names on the page. */
export const VND_ENTRY_KINDS = {
  vnd_recharge: '充值',
  vnd_order_payment: '订单付款',
  vnd_order_refund: '订单退款',
} as const;

export const vnWalletSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  /** whole dong */
  balance_dong: v.number(),
  /** payments go through the sandbox: the page says 演示支付，不会真实扣款 */
  demo_payment: v.boolean(),
});
export type VnWallet = v.InferOutput<typeof vnWalletSchema>;

export const vnWalletEntrySchema = v.object({
  id: v.number(),
  transaction_id: v.number(),
  kind: v.string(),
  /** the recharge (or order payment) number it is about */
  reference: v.string(),
  /** signed whole dong: positive in, negative out */
  amount_dong: v.number(),
  balance_after_dong: v.number(),
  /** unix seconds */
  created_at: v.number(),
});
export type VnWalletEntry = v.InferOutput<typeof vnWalletEntrySchema>;

export const vnRechargeSchema = v.object({
  recharge_no: v.string(),
  amount_dong: v.number(),
  state: v.picklist(['pending', 'paid', 'cancelled']),
  /** unix seconds; 0 until paid */
  paid_at: v.number(),
});
export type VnRecharge = v.InferOutput<typeof vnRechargeSchema>;

export const VND_RECHARGE_STATES = { pending: '待支付', paid: '已支付', cancelled: '已取消' } as const;

/** 海外账户: a Vietnamese company's dong wallet, for the operator */
export const opForeignAccountRowSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  province: v.string(),
  balance_dong: v.number(),
  /** paid recharges, whole dong */
  recharged_dong: v.number(),
  /** unix seconds of the latest entry; 0 without any */
  last_entry_at: v.number(),
});
export type OpForeignAccountRow = v.InferOutput<typeof opForeignAccountRowSchema>;

/** 海外充值: one dong recharge, for the operator */
export const opForeignRechargeRowSchema = v.object({
  id: v.number(),
  recharge_no: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  username: v.string(),
  amount_dong: v.number(),
  state: v.picklist(['pending', 'paid', 'cancelled']),
  provider: v.string(),
  trade_no: v.string(),
  /** unix seconds; paid_at and cancelled_at 0 until then */
  created_at: v.number(),
  paid_at: v.number(),
  cancelled_at: v.number(),
});
export type OpForeignRechargeRow = v.InferOutput<typeof opForeignRechargeRowSchema>;

const rechargeNo = v.pipe(v.string(vnWalletText.rechargeNo), v.trim(), v.regex(VND_RECHARGE_NO, vnWalletText.rechargeNo));

export const vnWalletEndpoints = {
  vnWalletGet: defineEndpoint({
    method: 'get', path: '/vn-wallet/balance', tag: 'overseas', access: 'user', permissions: WALLET_CODES,
    summary: '本公司（越南企业）的越南盾钱包余额（整数越南盾），为账目分录之和（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: vnWalletSchema,
  }),
  vnWalletEntries: defineEndpoint({
    method: 'get', path: '/vn-wallet/entries', tag: 'overseas', access: 'user', permissions: WALLET_CODES,
    summary: '越南盾钱包的收支明细，新的在前，分页；每条带变动后的余额（整数越南盾）',
    payload: v.object({ page_number: v.optional(intOf(vnWalletText.page, 1, 100000), 1), page_size: pageSizeField(50) }),
    answer: v.object({ data: v.array(vnWalletEntrySchema), total: v.number() }),
  }),
  vnWalletRecharge: defineEndpoint({
    method: 'post', path: '/vn-wallet/recharge', tag: 'overseas', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '越南盾钱包充值：整数越南盾（₫10,000 至 ₫500,000,000），用配置的支付渠道（须支持越南盾）发起支付，返回充值单号和收银台地址；支付渠道的通知确认后入账一次',
    payload: v.object({ amount_dong: intOf(vnWalletText.amount, VND_RECHARGE_MIN, VND_RECHARGE_MAX), device: checkoutDeviceField }),
    answer: v.object({ recharge_no: v.string(), amount_dong: v.number(), provider: v.string(), checkout_url: v.string() }),
  }),
  vnWalletRechargeGet: defineEndpoint({
    method: 'get', path: '/vn-wallet/recharge-state', tag: 'overseas', access: 'user', permissions: WALLET_CODES,
    summary: '本公司的一笔越南盾充值及其状态（待支付、已支付、已取消）',
    payload: v.object({ recharge_no: rechargeNo }),
    answer: vnRechargeSchema,
  }),
  opForeignAccounts: defineEndpoint({
    method: 'get', path: '/operation/pay/foreign-accounts', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.payForeign,
    summary: '运营：海外账户：每家越南企业的越南盾钱包余额与已充值合计（整数越南盾），按企业名称筛选，余额大的在前；附筛选范围内的合计',
    payload: listPayload({ q: opKeyword('企业', 40) }),
    answer: listAnswer(opForeignAccountRowSchema, { balance_total_dong: v.number() }),
  }),
  opForeignAccountEntries: defineEndpoint({
    method: 'get', path: '/operation/pay/foreign-accounts/entries', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.payForeign,
    summary: '运营：一家越南企业的越南盾钱包收支明细，新的在前，每条带变动后的余额',
    payload: listPayload({ company_id: positiveIdField('企业') }),
    answer: listAnswer(vnWalletEntrySchema, { company_name: v.string() }),
  }),
  opForeignRecharges: defineEndpoint({
    method: 'get', path: '/operation/pay/foreign-recharges', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.payForeign,
    summary: '运营：海外充值：越南企业的越南盾充值单，按企业、充值单号、状态筛选，新的在前；附已支付合计（整数越南盾）',
    payload: listPayload({
      company: opKeyword('企业', 40), no: opKeyword('充值单号', 30),
      state: v.optional(v.picklist(['', 'pending', 'paid', 'cancelled'], '充值状态无效'), ''),
    }),
    answer: listAnswer(opForeignRechargeRowSchema, { paid_dong: v.number() }),
  }),
} as const;
