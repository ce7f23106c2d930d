/** Invoices (发票): the buyer's titles, its requests to a seller, the seller's issue or refusal (docs/money.md#invoices). */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import {
  INVOICE_NUMBER_RE, INVOICE_ORDERS_MAX, INVOICE_REASON_MAX, INVOICE_REMARK_MAX,
  INVOICE_STATUSES, INVOICE_TITLE_KINDS, INVOICE_TYPES, invoiceTitleProblems, invoiceTitleText,
} from '../domain/invoice';
import { ORDER_PAGE_SIZES } from '../domain/orders';
import { INVOICE_BUYER_CODES, INVOICE_CODES, INVOICE_REQUEST_NO_RE, INVOICE_SELLER_CODES } from './codes';
import { pageSizeField } from './page-size';

export const invoiceText = {
  ...invoiceTitleText,
  titleId: '请选择发票抬头',
  requestNo: '请提供开票申请单号',
  orderNos: `请选择要开票的订单（1到${INVOICE_ORDERS_MAX}个）`,
  orderNo: '订单号无效',
  orderTwice: '同一订单只能选择一次',
  remark: `备注最多${INVOICE_REMARK_MAX}个字`,
  invoiceNumber: '请填写发票号码（8位或20位数字）',
  invoiceDate: '请填写开票日期（YYYY-MM-DD）',
  invoiceDateFuture: '开票日期不能晚于今天',
  amountFen: '开票金额应为大于0的整数分',
  filePath: '请上传发票文件（PDF或图片）',
  refuseReason: `请填写拒绝原因（2到${INVOICE_REASON_MAX}个字）`,
  redNumber: '请填写红字发票号码（8位或20位数字）',
  redDate: '请填写红字发票开票日期（YYYY-MM-DD）',
  redDateRange: '红字发票的开票日期应在原发票开票日期和今天之间',
  redSameNumber: '红字发票号码不能与原发票号码相同',
  redFilePath: '请上传红字发票文件（PDF或图片）',
  redReason: `请填写红冲原因（2到${INVOICE_REASON_MAX}个字），如退货、开票有误`,
  side: '请选择 buyer（我申请的）或 seller（向我申请的）',
  status: '开票状态无效',
  pageSize: `每页条数只能是${ORDER_PAGE_SIZES.join('、')}`,
  page: '页码应为正整数',
  sellerId: '卖家无效',
  // refusals of the service
  titleNotFound: '发票抬头不存在或已删除',
  titlesFull: '发票抬头最多保存20个，请先删除不用的抬头',
  requestNotFound: '开票申请不存在',
  orderNotFound: (no: string) => `订单 ${no} 不存在`,
  notBuyer: (no: string) => `订单 ${no} 不是本公司采购的订单，不能申请开票`,
  oneSeller: '一次申请只能选择同一卖家的订单，请按卖家分开申请',
  orderRefused: (no: string, why: string) => `订单 ${no}：${why}`,
  orderHeld: (no: string, requestNo: string) => `订单 ${no} 已在开票申请 ${requestNo} 中（待开票或已开票），不能重复申请`,
  orderTaken: (nos: string) => `订单 ${nos} 刚被另一个开票申请占用，请刷新后再试`,
  otherCompany: '只能查看和处理本公司的开票申请',
  buyerOnly: '只有申请开票的买家可以进行此操作',
  sellerOnly: '只有开票的卖家可以进行此操作',
  noBuyerRight: '暂无权限查看或申请开票（需要采购订单或财务权限）',
  noSellerRight: '暂无权限查看或处理开票申请（需要销售订单或财务权限）',
  fileNotOurs: '发票文件不存在或不是本公司上传的，请重新上传',
} as const;

const trimmedMax = (text: string, max: number) => v.optional(v.pipe(v.string(text), v.trim(), v.maxLength(max, text)), '');
const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,15}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
export const requestNoField = v.pipe(v.string(invoiceText.requestNo), v.trim(), v.regex(INVOICE_REQUEST_NO_RE, invoiceText.requestNo));
const orderNoField = v.pipe(v.string(invoiceText.orderNo), v.trim(), v.regex(/^SO\d{20}$/, invoiceText.orderNo));
const titleIdField = intOf(invoiceText.titleId, 1, Number.MAX_SAFE_INTEGER);

/** A title as typed: every rule of domain/invoice, each reported on its own field. */
export const invoiceTitlePayload = v.pipe(
  v.object({
    id: v.optional(intOf(invoiceText.titleId, 0, Number.MAX_SAFE_INTEGER), 0),
    kind: v.picklist(INVOICE_TITLE_KINDS, invoiceText.kind),
    invoice_type: v.picklist(INVOICE_TYPES, invoiceText.invoiceType),
    name: v.pipe(v.string(invoiceText.name), v.trim()),
    tax_no: trimmedMax(invoiceText.taxNoFormat, 40),
    address: trimmedMax(invoiceText.addressMax, 400),
    phone: trimmedMax(invoiceText.phoneFormat, 40),
    bank: trimmedMax(invoiceText.bankMax, 200),
    account: trimmedMax(invoiceText.accountFormat, 60),
    is_default: v.optional(v.boolean('是否默认应为 true 或 false'), false),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const p of invoiceTitleProblems(dataset.value)) addIssue({ message: p.message, path: [{ type: 'object', origin: 'value', input: dataset.value, key: p.field, value: dataset.value[p.field] }] });
  }),
);

export const invoiceTitleSchema = v.object({
  id: v.number(), kind: v.picklist(INVOICE_TITLE_KINDS), invoice_type: v.picklist(INVOICE_TYPES), name: v.string(), tax_no: v.string(),
  address: v.string(), phone: v.string(), bank: v.string(), account: v.string(), is_default: v.boolean(), updated_at: v.number(),
});
export type InvoiceTitle = v.InferOutput<typeof invoiceTitleSchema>;

/** One of the buyer's orders that may be invoiced (or is held by a request). */
export const invoiceOrderSchema = v.object({
  order_no: v.string(), seller_company_id: v.number(), seller_company_name: v.string(), status: v.string(),
  total_fen: v.number(), refunded_fen: v.number(), invoiceable_fen: v.number(), created_at: v.number(), completed_at: v.number(),
});
export type InvoiceOrder = v.InferOutput<typeof invoiceOrderSchema>;

export const invoiceRequestSchema = v.object({
  request_no: v.string(),
  status: v.picklist(INVOICE_STATUSES),
  /** which side the caller is on */
  side: v.picklist(['buyer', 'seller']),
  buyer_company_id: v.number(), buyer_company_name: v.string(), seller_company_id: v.number(), seller_company_name: v.string(),
  title_kind: v.picklist(INVOICE_TITLE_KINDS), invoice_type: v.picklist(INVOICE_TYPES), title_name: v.string(), tax_no: v.string(),
  address: v.string(), phone: v.string(), bank: v.string(), account: v.string(), remark: v.string(),
  amount_fen: v.number(), issued_fen: v.number(), invoice_number: v.string(), invoice_date: v.string(), file_path: v.string(), refuse_reason: v.string(),
  /** the red-letter invoice that reversed it (已红冲), else empty */
  red_number: v.string(), red_date: v.string(), red_file_path: v.string(), red_reason: v.string(), reversed_at: v.number(),
  order_count: v.number(),
  created_at: v.number(), updated_at: v.number(), issued_at: v.number(), refused_at: v.number(), withdrawn_at: v.number(),
});
export type InvoiceRequest = v.InferOutput<typeof invoiceRequestSchema>;

export const invoiceDetailSchema = v.object({
  ...invoiceRequestSchema.entries,
  orders: v.array(v.object({ order_no: v.string(), amount_fen: v.number(), invoiceable_fen: v.number(), status: v.string(), created_at: v.number() })),
  events: v.array(v.object({ action: v.string(), from_status: v.string(), to_status: v.string(), note: v.string(), user_name: v.string(), company_name: v.string(), created_at: v.number() })),
});
export type InvoiceDetail = v.InferOutput<typeof invoiceDetailSchema>;

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const byNo = v.object({ request_no: requestNoField });
const orderNosField = v.pipe(
  v.array(orderNoField, invoiceText.orderNos), v.minLength(1, invoiceText.orderNos), v.maxLength(INVOICE_ORDERS_MAX, invoiceText.orderNos),
  v.check((a) => new Set(a).size === a.length, invoiceText.orderTwice),
);

export const invoiceEndpoints = {
  invoiceTitleList: defineEndpoint({
    method: 'get', path: '/invoice/titles', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES,
    summary: '本公司的发票抬头（默认的在前）：企业或个人、普票或专票、名称、税号、地址电话、开户行和账号',
    payload: emptyPayload,
    answer: v.array(invoiceTitleSchema),
  }),
  invoiceTitleSave: defineEndpoint({
    method: 'post', path: '/invoice/title/save', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true,
    summary: '新增（id 为 0）或修改本公司的发票抬头；企业抬头需18位统一社会信用代码，专票只能用企业抬头且需地址、电话、开户行和账号；is_default 设为默认；最多20个',
    payload: invoiceTitlePayload,
    answer: invoiceTitleSchema,
  }),
  invoiceTitleRemove: defineEndpoint({
    method: 'post', path: '/invoice/title/remove', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true,
    summary: '删除本公司的发票抬头（已提交的申请保留提交时的抬头）',
    payload: v.object({ id: titleIdField }),
    answer: v.object({ id: v.number() }),
  }),
  invoiceTitleDefault: defineEndpoint({
    method: 'post', path: '/invoice/title/default', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true,
    summary: '把本公司的一个发票抬头设为默认',
    payload: v.object({ id: titleIdField }),
    answer: invoiceTitleSchema,
  }),
  invoiceOrders: defineEndpoint({
    method: 'get', path: '/invoice/orders', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES,
    summary: '可申请开票的订单：本公司采购的已付款并已收货或已完成的订单，不在待开票或已开票的申请中，可开票金额（实付减退款）大于0；可按卖家筛选，新的在前',
    payload: v.object({ seller_company_id: v.optional(intOf(invoiceText.sellerId, 0, 2 ** 31 - 1), 0) }),
    answer: v.array(invoiceOrderSchema),
  }),
  invoiceApply: defineEndpoint({
    method: 'post', path: '/invoice/apply', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '买家向卖家申请开票：同一卖家的一个或多个本公司已付款、已收货或已完成的订单，选择本公司的发票抬头；金额为这些订单实付减退款之和；订单已在待开票或已开票的申请中则拒绝；通知卖家',
    payload: v.object({ order_nos: orderNosField, title_id: titleIdField, remark: trimmedMax(invoiceText.remark, INVOICE_REMARK_MAX) }),
    answer: invoiceDetailSchema,
  }),
  invoiceSearch: defineEndpoint({
    method: 'get', path: '/invoices', tag: 'invoice', access: 'user', permissions: INVOICE_CODES,
    summary: '开票记录：side=buyer 本公司申请的，side=seller 向本公司申请的；按状态、申请单号或发票号码筛选，新的在前，带各状态数量',
    payload: v.object({
      side: v.picklist(['buyer', 'seller'], invoiceText.side),
      status: v.optional(v.union([v.literal(''), v.picklist(INVOICE_STATUSES, invoiceText.status)], invoiceText.status), ''),
      no: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, '单号最多30个字符')), ''),
      page_number: v.optional(intOf(invoiceText.page, 1, 100000), 1),
      page_size: pageSizeField(50),
    }),
    answer: v.object({ data: v.array(invoiceRequestSchema), total: v.number(), counts: v.record(v.string(), v.number()) }),
  }),
  invoiceRetrieve: defineEndpoint({
    method: 'get', path: '/invoice/detail', tag: 'invoice', access: 'user', permissions: INVOICE_CODES,
    summary: '开票申请详情（本公司作为买家或卖家）：抬头、订单及其可开票金额、发票号码、日期、金额、文件和操作记录',
    payload: byNo,
    answer: invoiceDetailSchema,
  }),
  invoiceIssue: defineEndpoint({
    method: 'post', path: '/invoice/issue', tag: 'invoice', access: 'user', permissions: INVOICE_SELLER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '卖家开票（待开票 → 已开票）：发票号码、开票日期（不晚于今天）、金额（不超过订单实付减退款）和本公司上传的发票文件（PDF或图片）；通知买家',
    payload: v.object({
      request_no: requestNoField,
      invoice_number: v.pipe(v.string(invoiceText.invoiceNumber), v.trim(), v.regex(INVOICE_NUMBER_RE, invoiceText.invoiceNumber)),
      invoice_date: v.pipe(v.string(invoiceText.invoiceDate), v.trim(), v.check(isDay, invoiceText.invoiceDate)),
      amount_fen: intOf(invoiceText.amountFen, 1, 1e12),
      file_path: v.pipe(v.string(invoiceText.filePath), v.trim(), v.minLength(1, invoiceText.filePath), v.maxLength(300, invoiceText.filePath)),
    }),
    answer: invoiceDetailSchema,
  }),
  invoiceRefuse: defineEndpoint({
    method: 'post', path: '/invoice/refuse', tag: 'invoice', access: 'user', permissions: INVOICE_SELLER_CODES, idempotent: true,
    summary: '卖家拒绝开票并填写原因（待开票 → 已拒绝），订单可再申请；通知买家',
    payload: v.object({ request_no: requestNoField, reason: v.pipe(v.string(invoiceText.refuseReason), v.trim(), v.minLength(2, invoiceText.refuseReason), v.maxLength(INVOICE_REASON_MAX, invoiceText.refuseReason)) }),
    answer: invoiceDetailSchema,
  }),
  invoiceReverse: defineEndpoint({
    method: 'post', path: '/invoice/reverse', tag: 'invoice', access: 'user', permissions: INVOICE_SELLER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '卖家红冲已开具的发票（已开票 → 已红冲）：红字发票号码、开票日期（不早于原发票、不晚于今天）、本公司上传的红字发票文件和原因；订单可按当前实付减退款重新申请开票；通知买家',
    payload: v.object({
      request_no: requestNoField,
      red_number: v.pipe(v.string(invoiceText.redNumber), v.trim(), v.regex(INVOICE_NUMBER_RE, invoiceText.redNumber)),
      red_date: v.pipe(v.string(invoiceText.redDate), v.trim(), v.check(isDay, invoiceText.redDate)),
      file_path: v.pipe(v.string(invoiceText.redFilePath), v.trim(), v.minLength(1, invoiceText.redFilePath), v.maxLength(300, invoiceText.redFilePath)),
      reason: v.pipe(v.string(invoiceText.redReason), v.trim(), v.minLength(2, invoiceText.redReason), v.maxLength(INVOICE_REASON_MAX, invoiceText.redReason)),
    }),
    answer: invoiceDetailSchema,
  }),
  invoiceWithdraw: defineEndpoint({
    method: 'post', path: '/invoice/withdraw', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true,
    summary: '买家撤回待开票的申请（待开票 → 已撤回），订单可再申请；通知卖家',
    payload: byNo,
    answer: invoiceDetailSchema,
  }),
  invoiceResubmit: defineEndpoint({
    method: 'post', path: '/invoice/resubmit', tag: 'invoice', access: 'user', permissions: INVOICE_BUYER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '买家重新提交被拒绝的申请（已拒绝 → 待开票），可换抬头和备注；金额按订单当前实付减退款重算；订单已在别的申请中则拒绝；通知卖家',
    payload: v.object({ request_no: requestNoField, title_id: titleIdField, remark: trimmedMax(invoiceText.remark, INVOICE_REMARK_MAX) }),
    answer: invoiceDetailSchema,
  }),
};
