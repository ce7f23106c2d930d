/**
 * 越南盾账单 · Sao kê ví VND (back office M11 /backend/overseas/bill and bill/{month}; the
 * operator's 海外账单 /operation/foreign/bill): a Vietnamese company's monthly statement of its dong
 * wallet, computed from the ledger as the CNY bill is (docs/money.md#overseas-bills). Months are
 * China months, as every bill's; money is whole dong. The month and paging fields, the refusals and
 * the download's format are the CNY bill's own (./bill.ts).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema } from './common';
import { WALLET_CODES } from './wallet';
import { VND_ENTRY_KINDS } from './vn-wallet';
import { billMonthField, billPaging, billText } from './bill';
import { OP_FOREIGN_CODES } from '../domain/overseas-rules';
import { VN_SELLER_CODES } from './vn-mall';

/** The groups a dong statement sums: each dong wallet transaction kind is one. */
export const VN_BILL_GROUPS = {
  recharge: { label: VND_ENTRY_KINDS.vnd_recharge, kinds: ['vnd_recharge'] },
  order_payment: { label: VND_ENTRY_KINDS.vnd_order_payment, kinds: ['vnd_order_payment'] },
  order_refund: { label: VND_ENTRY_KINDS.vnd_order_refund, kinds: ['vnd_order_refund'] },
} as const;
export type VnBillGroup = keyof typeof VN_BILL_GROUPS;
export const VN_BILL_GROUP_NAMES = Object.keys(VN_BILL_GROUPS) as VnBillGroup[];

/** The codes that open the dong statements: the wallet's and the overseas menu's (the service then asks for the owner or an accounting code). */
export const VN_BILL_CODES = [...WALLET_CODES, 'M11'];

/** One month of a company's dong statements: the totals, whole dong. */
export const vnBillMonthSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  /** YYYY-MM, a China month */
  month: v.string(),
  opening_dong: v.number(),
  /** what came in (positive) */
  in_dong: v.number(),
  /** what went out (negative) */
  out_dong: v.number(),
  closing_dong: v.number(),
  /** transactions that moved the dong wallet in the month */
  count: v.number(),
});
export type VnBillMonth = v.InferOutput<typeof vnBillMonthSchema>;

export const vnBillLineSchema = v.object({
  transaction_id: v.number(),
  /** vnd_recharge, vnd_order_payment or vnd_order_refund */
  kind: v.string(),
  group: v.picklist(VN_BILL_GROUP_NAMES),
  /** the recharge number (VR…) or the mall order's number (SO…) */
  reference: v.string(),
  /** unix seconds */
  created_at: v.number(),
  /** signed whole dong: what the wallet gained (positive) or lost */
  amount_dong: v.number(),
  balance_after_dong: v.number(),
  /** the rate of an order payment or refund (dong per yuan, in millionths) as written on its transaction; 0 for a recharge */
  rate_micro: v.number(),
  /** the fen those dong were converted to or from at that rate (unsigned); 0 for a recharge */
  fx_fen: v.number(),
});
export type VnBillLine = v.InferOutput<typeof vnBillLineSchema>;

export const vnBillStatementSchema = v.object({
  ...vnBillMonthSchema.entries,
  /** the month's first and last instant, unix seconds (China midnight to China midnight) */
  starts_at: v.number(),
  ends_at: v.number(),
  groups: v.array(v.object({ group: v.picklist(VN_BILL_GROUP_NAMES), label: v.string(), in_dong: v.number(), out_dong: v.number(), count: v.number() })),
  lines: v.array(vnBillLineSchema),
});
export type VnBillStatement = v.InferOutput<typeof vnBillStatementSchema>;

/** The query of a dong statement's download (GET /api/vn-bill/download and /api/operation/foreign/bill/download): XLSX only. */
export const vnBillDownloadQuery = v.object({ month: billMonthField, format: v.picklist(['xlsx'], billText.xlsxOnly) });
export const opVnBillDownloadQuery = v.object({ company_id: companyIdSchema, month: billMonthField, format: v.picklist(['xlsx'], billText.xlsxOnly) });

/**
 * 越南商城账单: a Chinese seller's Vietnam mall settlement of a China month — its mall orders paid
 * in the month (the goods' dong, the payment's rate, the fen the order was paid) and the refunds
 * made in it (dong given back, fen taken back); the net in fen. A report of the mall's own records.
 */
export const vnSellerSettlementSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  month: v.string(),
  starts_at: v.number(),
  ends_at: v.number(),
  orders: v.array(v.object({
    order_no: v.string(),
    buyer_name: v.string(),
    /** unix seconds */
    paid_at: v.number(),
    /** the goods' dong the buyer paid (the service charge is the platform's) */
    goods_dong: v.number(),
    /** dong per yuan of the payment moment, as kept on the order */
    rate: v.string(),
    /** what the order was paid in fen: its amount due, the seller's side */
    goods_fen: v.number(),
  })),
  refunds: v.array(v.object({
    refund_no: v.string(),
    order_no: v.string(),
    created_at: v.number(),
    /** the goods' dong given back */
    goods_dong: v.number(),
    /** the fen taken back for them */
    fen: v.number(),
  })),
  paid_dong: v.number(),
  paid_fen: v.number(),
  refund_dong: v.number(),
  refund_fen: v.number(),
  /** paid_fen - refund_fen */
  net_fen: v.number(),
});
export type VnSellerSettlement = v.InferOutput<typeof vnSellerSettlementSchema>;

export const vnBillEndpoints = {
  vnSellerSettlement: defineEndpoint({
    method: 'get', path: '/vn-bill/seller-month', tag: 'overseas', access: 'user', permissions: VN_SELLER_CODES,
    summary: '本公司（卖家）越南商城某月的结算：当月付款的越南商城订单（越南盾、付款汇率、订单收款分）、当月的退款（退回越南盾、退回分）与净额（分）',
    payload: v.object({ month: billMonthField }),
    answer: vnSellerSettlementSchema,
  }),
  vnBillMonths: defineEndpoint({
    method: 'get', path: '/vn-bill/months', tag: 'overseas', access: 'user', permissions: VN_BILL_CODES,
    summary: '本公司（越南企业）越南盾钱包的月度账单列表（中国月份，新的在前）：期初、收入、支出、期末（整数越南盾），与钱包分录一致（企业负责人或财务权限）',
    payload: v.object({ page_number: billPaging.page_number, page_size: billPaging.page_size }),
    answer: v.object({ data: v.array(vnBillMonthSchema), total: v.number() }),
  }),
  vnBillGet: defineEndpoint({
    method: 'get', path: '/vn-bill/month', tag: 'overseas', access: 'user', permissions: VN_BILL_CODES,
    summary: '本公司（越南企业）越南盾钱包一个月的账单：期初与期末余额、按类型的收支合计和每一笔明细（订单号、付款或退款的汇率及折合人民币分）；期初 + 收支 = 期末',
    payload: v.object({ month: billMonthField }),
    answer: vnBillStatementSchema,
  }),
  opForeignBillList: defineEndpoint({
    method: 'get', path: '/operation/foreign/bill/list', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.read,
    summary: '运营：海外账单：各越南企业某月的越南盾账单合计，按企业名称筛选，分页',
    payload: v.object({ month: billMonthField, ...billPaging }),
    answer: v.object({ data: v.array(vnBillMonthSchema), total: v.number() }),
  }),
  opForeignBillGet: defineEndpoint({
    method: 'get', path: '/operation/foreign/bill/month', tag: 'operation', access: 'operator', permissions: OP_FOREIGN_CODES.read,
    summary: '运营：一家越南企业一个月的越南盾账单及明细（不是越南企业：404）',
    payload: v.object({ company_id: companyIdSchema, month: billMonthField }),
    answer: vnBillStatementSchema,
  }),
} as const;
