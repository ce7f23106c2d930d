/**
 * 账单 (back office M09 /backend/accounting/bill; the operator's pay/bill and pay/bill/download):
 * a company's monthly statement of its wallet (available and frozen together), computed from the
 * money ledger (docs/money.md#bills). Months are China months; money is integer fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema } from './common';
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../domain/orders';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { MONTH_PATTERN } from '../domain/china-time';
import { pageSizeField } from './page-size';

export const BILL_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

export const billText = {
  month: '账单月份应为 YYYY-MM 格式（如 2026-11）',
  futureMonth: '账单月份不能晚于本月',
  format: '下载格式只能是 xlsx 或 pdf',
  xlsxOnly: '下载格式只能是 xlsx',
  page: '页码应为正整数',
  pageSize: '每页条数只能是 50、100、200、400 或 800',
  company: '企业名称最多 60 个字',
  companyNotFound: '企业不存在',
  sellerOnly: '越南商城账单只对卖家开放',
} as const;

/**
 * The groups a statement sums, with their names: each ledger transaction kind falls in one
 * (docs/money.md#bills). in_fen and out_fen of a group are what its transactions brought in and
 * took out of the wallet, each transaction netted over the available and frozen parts.
 */
export const BILL_GROUPS = {
  recharge: { label: '充值', kinds: ['recharge'] },
  order_payment: { label: '订单付款（采购）', kinds: ['order_payment'] },
  order_payout: { label: '订单收款（销售）', kinds: ['order_payout'] },
  order_refund: { label: '退款', kinds: ['order_refund'] },
  fee: { label: '服务费', kinds: ['fee'] },
  withdrawal: { label: '提现', kinds: ['withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout'] },
  cash_pledge: { label: '保证金', kinds: ['cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return'] },
  adjustment: { label: '调账', kinds: ['adjustment'] },
} as const;
export type BillGroup = keyof typeof BILL_GROUPS;
export const BILL_GROUP_NAMES = Object.keys(BILL_GROUPS) as BillGroup[];
/** The group a transaction kind belongs to (adjustment for a kind not listed). */
export const billGroupOf = (kind: string): BillGroup =>
  BILL_GROUP_NAMES.find((g) => (BILL_GROUPS[g].kinds as readonly string[]).includes(kind)) ?? 'adjustment';

/** The codes that open a company's statements: those of its wallet (the service then asks for the owner or an accounting code). */
const BILL_CODES = [...FINANCE_CODES, ...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES];

export { MONTH_PATTERN };
const month = v.pipe(v.string(billText.month), v.trim(), v.regex(MONTH_PATTERN, billText.month));
const intOf = (text: string, min: number, max: number) =>
  v.pipe(v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,9}$/, text), v.transform(Number))], text), v.integer(text), v.minValue(min, text), v.maxValue(max, text));
const paging = {
  page_number: v.optional(intOf(billText.page, 1, 100000), 1),
  page_size: pageSizeField(50),
};
const companyName = v.optional(v.pipe(v.string(billText.company), v.trim(), v.maxLength(60, billText.company)), '');
/** The month, paging and company-name fields, shared with the dong statements (./vn-bill.ts). */
export const billMonthField = month;
export const billPaging = { ...paging, company: companyName };

/** One month of a company's statements list: the totals. */
export const billMonthSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  /** YYYY-MM, a China month */
  month: v.string(),
  opening_fen: v.number(),
  /** what came in (positive) */
  in_fen: v.number(),
  /** what went out (negative) */
  out_fen: v.number(),
  closing_fen: v.number(),
  /** transactions that moved the wallet in the month */
  count: v.number(),
});
export type BillMonth = v.InferOutput<typeof billMonthSchema>;

export const billLineSchema = v.object({
  transaction_id: v.number(),
  kind: v.string(),
  group: v.picklist(BILL_GROUP_NAMES),
  /** the recharge, order, withdrawal or payment number */
  reference: v.string(),
  /** unix seconds */
  created_at: v.number(),
  /** what it moved in the available part, signed fen */
  available_fen: v.number(),
  /** what it moved in the frozen part, signed fen */
  frozen_fen: v.number(),
  /** both together: what the wallet gained (positive) or lost */
  amount_fen: v.number(),
  /** the wallet (available and frozen) right after it */
  balance_after_fen: v.number(),
});
export type BillLine = v.InferOutput<typeof billLineSchema>;

export const billStatementSchema = v.object({
  ...billMonthSchema.entries,
  /** the month's first and last instant, unix seconds (China midnight to China midnight) */
  starts_at: v.number(),
  ends_at: v.number(),
  opening_available_fen: v.number(),
  opening_frozen_fen: v.number(),
  closing_available_fen: v.number(),
  closing_frozen_fen: v.number(),
  /** the seller's cash pledge held at the month's end (not part of the wallet) */
  cash_pledge_fen: v.number(),
  groups: v.array(v.object({ group: v.picklist(BILL_GROUP_NAMES), label: v.string(), in_fen: v.number(), out_fen: v.number(), count: v.number() })),
  lines: v.array(billLineSchema),
});
export type BillStatement = v.InferOutput<typeof billStatementSchema>;

/** The query of a statement's download (GET /api/bill/download and /api/operation/bill/download). */
export const billDownloadQuery = v.object({ month, format: v.picklist(['xlsx', 'pdf'], billText.format) });
export const opBillDownloadQuery = v.object({ company_id: companyIdSchema, month, format: v.picklist(['xlsx', 'pdf'], billText.format) });
export const BILL_READ_CODES = BILL_CODES;

export const billEndpoints = {
  billMonths: defineEndpoint({
    method: 'get', path: '/bill/months', tag: 'bill', access: 'user', permissions: BILL_CODES,
    summary: '本公司的月度账单列表（中国月份，新的在前）：期初、收入、支出、期末（分），与钱包分录一致（企业负责人或财务权限）',
    payload: v.object(paging),
    answer: v.object({ data: v.array(billMonthSchema), total: v.number() }),
  }),
  billGet: defineEndpoint({
    method: 'get', path: '/bill/month', tag: 'bill', access: 'user', permissions: BILL_CODES,
    summary: '本公司一个月的账单：期初与期末余额、按类型的收支合计和每一笔明细（期初 + 收支 = 期末 = 月末钱包余额）',
    payload: v.object({ month }),
    answer: billStatementSchema,
  }),
  opBillList: defineEndpoint({
    method: 'get', path: '/operation/bill/list', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.pay,
    summary: '运营：各企业某月的账单合计，按企业名称筛选，分页',
    payload: v.object({ month, company: companyName, ...paging }),
    answer: v.object({ data: v.array(billMonthSchema), total: v.number() }),
  }),
  opBillGet: defineEndpoint({
    method: 'get', path: '/operation/bill/month', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.pay,
    summary: '运营：一个企业一个月的账单及明细',
    payload: v.object({ company_id: companyIdSchema, month }),
    answer: billStatementSchema,
  }),
} as const;
