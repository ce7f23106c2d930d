/**
 * 钱包 (back office M09, /backend/accounting/wallet): the company's wallet on the money ledger
 * (docs/money.md). Money on the wire is integer fen, for reads and for writes (docs/api.md,
 * "Money and time"); the page turns the yuan a person types into fen before sending.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { rangeRule } from '../domain/ranges';
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../domain/orders';
import { pageSizeField } from './page-size';
import { checkoutDeviceField } from './money-field';

/** The smallest and largest single recharge: 1 元 and 100 万元. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 100_000_000;
export const WALLET_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

export const walletText = {
  insufficient: (availableFen: number, needFen: number) => `余额不足：可用余额 ¥${(availableFen / 100).toFixed(2)}，需要 ¥${(needFen / 100).toFixed(2)}`,
  insufficientPlain: '余额不足',
  mayNotUse: '只有企业负责人或有财务权限的员工可以查看钱包和充值',
  amount: `请输入充值金额（${RECHARGE_MIN_FEN / 100} 至 ${RECHARGE_MAX_FEN / 100} 元，最多两位小数）`,
  amountFen: `充值金额应为 ${RECHARGE_MIN_FEN} 至 ${RECHARGE_MAX_FEN} 之间的整数（单位：分）`,
  rechargeNo: '充值单号格式不正确',
  rechargeNotFound: '充值单不存在',
  kind: '交易类型不正确',
  page: '页码应为正整数',
  pageSize: '每页条数只能是 50、100、200、400 或 800',
  rangeReversed: '结束日期不能早于开始日期',
  alreadyPaid: '该充值单已支付',
  cancelled: '该充值单已取消，不能支付',
  providerMismatch: '支付渠道与充值单不符',
  amountMismatch: '支付金额与充值单不符',
  sandboxNotPayer: '只有发起充值的本人可以确认这笔演示支付',
  ledgerCheckFailed: '账目核对未通过，请查看服务器日志并运行 npm run reconcile',
  keyReused: '同一个幂等键已用于另一笔不同的资金变动',
} as const;

/** The transaction kinds a company sees in its wallet, with their names on the page. */
export const WALLET_ENTRY_KINDS = {
  recharge: '充值',
  order_payment: '订单付款',
  order_payout: '订单收款',
  order_refund: '退款',
  withdrawal_freeze: '提现冻结',
  withdrawal_release: '提现退回',
  withdrawal_payout: '提现打款',
  cash_pledge_pay: '缴纳保证金',
  cash_pledge_deduct: '保证金扣除',
  cash_pledge_return: '保证金退还',
  fee: '服务费',
  adjustment: '调账',
  // a platform voucher paid to the seller (docs/vouchers.md)
  voucher_subsidy: '平台券补贴',
  // the performance bonus paid to a seller for a settled month (docs/bonus.md)
  bonus: '业绩奖励',
} as const;
export type WalletEntryKind = keyof typeof WALLET_ENTRY_KINDS;
const ENTRY_KINDS = Object.keys(WALLET_ENTRY_KINDS) as [WalletEntryKind, ...WalletEntryKind[]];

/** The codes that open the wallet's calls: the finance page's (the service then asks for the owner or an accounting code). */
export const WALLET_CODES = [...FINANCE_CODES, ...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES];

const rechargeNo = v.pipe(v.string(walletText.rechargeNo), v.trim(), v.regex(/^RC\d{20}$/, walletText.rechargeNo));
export const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^-?\d{1,15}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
export const day = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), `${label}应为 YYYY-MM-DD 格式的日期`)), '');

export const walletSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  /** what the company may spend or withdraw, fen */
  available_fen: v.number(),
  /** held for withdrawals waiting for approval, fen */
  frozen_fen: v.number(),
  /** payments go through the sandbox: the page says 演示支付，不会真实扣款 */
  demo_payment: v.boolean(),
});
export type Wallet = v.InferOutput<typeof walletSchema>;

export const walletEntrySchema = v.object({
  id: v.number(),
  transaction_id: v.number(),
  kind: v.picklist(ENTRY_KINDS),
  /** the recharge, order or withdrawal number it is about */
  reference: v.string(),
  /** which part of the wallet moved */
  part: v.picklist(['available', 'frozen']),
  /** signed fen: positive in, negative out */
  amount_fen: v.number(),
  /** that part's balance right after this entry, fen */
  balance_after_fen: v.number(),
  /** unix seconds */
  created_at: v.number(),
});
export type WalletEntry = v.InferOutput<typeof walletEntrySchema>;

export const walletRechargeSchema = v.object({
  recharge_no: v.string(),
  amount_fen: v.number(),
  state: v.picklist(['pending', 'paid', 'cancelled']),
  /** unix seconds; 0 until paid */
  paid_at: v.number(),
});

export const walletEndpoints = {
  walletGet: defineEndpoint({
    method: 'get', path: '/wallet/balance', tag: 'wallet', access: 'user', permissions: WALLET_CODES,
    summary: '本公司钱包：可用余额和冻结金额（分），为账目分录之和（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: walletSchema,
  }),
  walletEntries: defineEndpoint({
    method: 'get', path: '/wallet/entries', tag: 'wallet', access: 'user', permissions: WALLET_CODES,
    summary: '本公司钱包的收支明细，新的在前：按交易类型、日期（中国日）筛选，分页；每条带变动后的余额',
    payload: v.pipe(
      v.object({
        kind: v.optional(v.union([v.literal(''), v.picklist(ENTRY_KINDS, walletText.kind)], walletText.kind), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
        page_number: v.optional(intOf(walletText.page, 1, 100000), 1),
        page_size: pageSizeField(50),
      }),
      rangeRule('date_from', 'date_to', walletText.rangeReversed),
    ),
    answer: v.object({ data: v.array(walletEntrySchema), total: v.number() }),
  }),
  walletRecharge: defineEndpoint({
    method: 'post', path: '/wallet/recharge', tag: 'wallet', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '钱包充值：金额为整数分（1 元至 100 万元），用配置的支付渠道发起支付，返回充值单号和收银台地址；支付渠道的通知确认后入账一次',
    payload: v.object({ amount_fen: intOf(walletText.amountFen, RECHARGE_MIN_FEN, RECHARGE_MAX_FEN), device: checkoutDeviceField }),
    answer: v.object({ recharge_no: v.string(), amount_fen: v.number(), provider: v.string(), checkout_url: v.string() }),
  }),
  walletRechargeGet: defineEndpoint({
    method: 'get', path: '/wallet/recharge-state', tag: 'wallet', access: 'user', permissions: WALLET_CODES,
    summary: '本公司的一笔充值及其状态（待支付、已支付、已取消）',
    payload: v.object({ recharge_no: rechargeNo }),
    answer: walletRechargeSchema,
  }),
} as const;
