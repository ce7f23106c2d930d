import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword as keyword, opReasonField as reasonField } from './operation-list';
import {
  AFTERSALE_BUYER_CODES, AFTERSALE_CODES, AFTERSALE_DESCRIPTION_MAX, AFTERSALE_IMAGES_MAX, AFTERSALE_NO_RE, AFTERSALE_REASON_MAX,
  AFTERSALE_REASONS, AFTERSALE_SELLER_CODES, AFTERSALE_STATUSES, AFTERSALE_TYPES, REFUND_METHODS,
} from '../domain/aftersale';
import { LOGISTICS_NO_RE, ORDER_PAGE_SIZES } from '../domain/orders';
import { OP_CATALOGUE_CODES, opCatalogueText } from '../domain/operation';
import { rangeRule } from '../domain/ranges';
import { pageSizeField } from './page-size';

export const afterSaleText = {
  asNo: '请提供售后单号',
  orderNo: '请提供订单号',
  type: '请选择售后类型（仅退款或退货退款）',
  reason: `请选择售后原因（${AFTERSALE_REASONS.join('、')}）`,
  description: `问题描述最多${AFTERSALE_DESCRIPTION_MAX}个字`,
  descriptionOther: '原因选“其他”时请填写问题描述',
  images: `最多上传${AFTERSALE_IMAGES_MAX}张图片`,
  lines: '请选择要售后的配件并填写数量',
  lineId: '售后配件无效',
  qty: '售后数量应为1到9999的整数',
  rejectReason: `请填写拒绝原因（2到${AFTERSALE_REASON_MAX}个字）`,
  cancelReason: `撤销原因最多${AFTERSALE_REASON_MAX}个字`,
  logisticsCompany: '请填写物流公司（最多30个字）',
  logisticsNo: '请填写正确的物流单号（6到30位字母、数字或连字符）',
  refundMethod: `退款方式只能是${REFUND_METHODS.join('、')}`,
  amountFen: '退款金额应为正整数（分）',
  amountOverAsked: (fen: number) => `退款金额不能超过售后申请的金额 ¥${(fen / 100).toFixed(2)}`,
  amountOverDue: (fen: number) => `冲减金额不能超过订单尚欠的货款 ¥${(fen / 100).toFixed(2)}`,
  refundNote: `退款备注最多${AFTERSALE_REASON_MAX}个字`,
  side: '售后类型只能是 seller（我是卖家）或 buyer（我是买家）',
  status: '售后状态无效',
  pageSize: `每页条数只能是${ORDER_PAGE_SIZES.join('、')}`,
  page: '页码应为正整数',
  // refusals of the service
  notFound: '售后单不存在',
  orderNotFound: '订单不存在',
  otherCompany: '只能查看和处理本公司的售后',
  notBuyer: '只能对本公司采购的订单申请售后',
  buyerOnly: '只有买家可以进行此操作',
  sellerOnly: '只有卖家可以进行此操作',
  noBuyerRight: '暂无权限查看或申请采购售后',
  noSellerRight: '暂无权限查看或处理销售售后',
  lineNotInOrder: '该配件不在此订单中',
  lineTwice: '同一配件只能填写一次',
  lineOpen: (name: string, asNo: string) => `${name}已有进行中的售后（${asNo}），请等其结束后再申请`,
  qtyTooMany: (name: string, n: number) => (n > 0 ? `${name}最多可申请${n}件` : `${name}已全部退回，不能再申请售后`),
  imageNotOurs: '图片不存在或不是本公司上传的，请重新上传',
} as const;

const trimmed = (text: string, min: number, max: number) => v.pipe(v.string(text), v.trim(), v.minLength(min, text), v.maxLength(max, text));
const optionalText = (text: string, max: number) => v.optional(v.pipe(v.string(text), v.trim(), v.maxLength(max, text)), '');
const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,12}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
export const asNoField = v.pipe(v.string(afterSaleText.asNo), v.trim(), v.regex(AFTERSALE_NO_RE, afterSaleText.asNo));
const orderNoField = v.pipe(v.string(afterSaleText.orderNo), v.trim(), v.regex(/^SO\d{20}$/, afterSaleText.orderNo));

export const afterSaleApplyPayload = v.pipe(
  v.object({
    order_no: orderNoField,
    type: v.picklist(AFTERSALE_TYPES, afterSaleText.type),
    reason: v.picklist(AFTERSALE_REASONS, afterSaleText.reason),
    description: optionalText(afterSaleText.description, AFTERSALE_DESCRIPTION_MAX),
    img_infos: v.optional(v.pipe(v.array(v.string('图片地址应为文本'), '图片应为列表'), v.maxLength(AFTERSALE_IMAGES_MAX, afterSaleText.images)), []),
    lines: v.pipe(
      v.array(v.object({ order_line_id: intOf(afterSaleText.lineId, 1, Number.MAX_SAFE_INTEGER), qty: intOf(afterSaleText.qty, 1, 9999) }), afterSaleText.lines),
      v.minLength(1, afterSaleText.lines), v.maxLength(200, afterSaleText.lines),
    ),
  }),
  v.forward(v.check((p) => p.reason !== '其他' || p.description !== '', afterSaleText.descriptionOther), ['description']),
);

const statusSchema = v.picklist(AFTERSALE_STATUSES);

export const afterSaleSummarySchema = v.object({
  id: v.number(),
  as_no: v.string(),
  order_no: v.string(),
  type: v.picklist(AFTERSALE_TYPES),
  status: statusSchema,
  reason: v.string(),
  buyer_company_id: v.number(),
  buyer_company_name: v.string(),
  seller_company_id: v.number(),
  seller_company_name: v.string(),
  total_qty: v.number(),
  refund_fen: v.number(),
  /** the first line's name, for the list */
  first_line: v.string(),
  line_count: v.number(),
  created_at: v.number(),
  updated_at: v.number(),
  /** 质保售后: opened under the seller's platform warranty past the ordinary window, with the term's months; 0: an ordinary after-sale (docs/warranty.md) */
  warranty_months: v.optional(v.number(), 0),
});
export type AfterSaleSummary = v.InferOutput<typeof afterSaleSummarySchema>;

export const afterSaleDetailSchema = v.object({
  ...afterSaleSummarySchema.entries,
  /** which side the caller is on; operator for the platform's view */
  side: v.picklist(['buyer', 'seller', 'operator']),
  buyer_user_name: v.string(),
  description: v.string(),
  img_infos: v.array(v.string()),
  reject_reason: v.string(),
  cancel_reason: v.string(),
  close_reason: v.string(),
  logistics_company: v.string(),
  logistics_no: v.string(),
  refund_method: v.string(),
  refund_note: v.string(),
  agreed_at: v.number(),
  returned_at: v.number(),
  received_at: v.number(),
  completed_at: v.number(),
  rejected_at: v.number(),
  cancelled_at: v.number(),
  closed_at: v.number(),
  order_status: v.string(),
  /** the seller has recorded the order's payment: a completion refunds; otherwise it deducts (冲减货款) */
  order_paid: v.boolean(),
  /** how the order was paid: unpaid (冲减货款), offline (refund recorded), online (原路退回 with real money) */
  order_pay_kind: v.picklist(['unpaid', 'offline', 'online']),
  /** what a completion may refund at most: paid less earlier refunds (paid orders), or what is still due (unpaid ones) */
  order_refundable_fen: v.number(),
  lines: v.array(v.object({
    order_line_id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), uom_name: v.string(),
    bought_qty: v.number(), qty: v.number(), unit_price_fen: v.number(), amount_fen: v.number(),
  })),
  events: v.array(v.object({ action: v.string(), from_status: v.string(), to_status: v.string(), note: v.string(), user_name: v.string(), company_name: v.string(), created_at: v.number() })),
});
export type AfterSaleDetail = v.InferOutput<typeof afterSaleDetailSchema>;

/** The after-sales of an order, on the order's detail (lines with quantities, so the page knows what is left). */
export const orderAfterSaleSchema = v.object({
  as_no: v.string(), type: v.picklist(AFTERSALE_TYPES), status: statusSchema, refund_fen: v.number(), created_at: v.number(),
  /** how a completed one was settled: a payment method, or 冲减货款 */
  refund_method: v.string(),
  lines: v.array(v.object({ order_line_id: v.number(), qty: v.number() })),
});
export type OrderAfterSale = v.InferOutput<typeof orderAfterSaleSchema>;

const byNo = v.object({ as_no: asNoField });
const day = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), `${label}应为 YYYY-MM-DD 格式的日期`)), '');

export const afterSaleEndpoints = {
  afterSaleApply: defineEndpoint({
    method: 'post', path: '/aftersale/apply', tag: 'aftersale', access: 'user', permissions: AFTERSALE_BUYER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '买家申请售后：本公司的已发货、已收货或已完成的订单（收货后15天内），选择配件和数量（不超过购买数减去已退回数，每种配件同时只能有一个进行中的售后）、类型（仅退款 / 退货退款）、原因、描述和最多5张本公司上传的图片；通知卖家',
    payload: afterSaleApplyPayload,
    answer: afterSaleDetailSchema,
  }),
  afterSaleSearch: defineEndpoint({
    method: 'get', path: '/aftersales', tag: 'aftersale', access: 'user', permissions: AFTERSALE_CODES,
    summary: '售后列表：side=seller 本公司作为卖家收到的售后，side=buyer 本公司申请的售后；按状态、类型、售后单号或订单号、申请日期筛选，新的在前，带各状态数量',
    payload: v.pipe(
      v.object({
        side: v.picklist(['seller', 'buyer'], afterSaleText.side),
        status: v.optional(v.union([v.literal(''), v.picklist(AFTERSALE_STATUSES, afterSaleText.status)], afterSaleText.status), ''),
        type: v.optional(v.union([v.literal(''), v.picklist(AFTERSALE_TYPES, afterSaleText.type)], afterSaleText.type), ''),
        no: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, '单号最多30个字符')), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
        page_number: v.optional(intOf(afterSaleText.page, 1, 100000), 1),
        page_size: pageSizeField(50),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: v.object({ data: v.array(afterSaleSummarySchema), total: v.number(), counts: v.record(v.string(), v.number()) }),
  }),
  afterSaleRetrieve: defineEndpoint({
    method: 'get', path: '/aftersale/detail', tag: 'aftersale', access: 'user', permissions: AFTERSALE_CODES,
    summary: '售后详情（本公司作为买家或卖家）：配件、数量、退款金额、原因、图片、退货物流、退款和操作记录',
    payload: byNo,
    answer: afterSaleDetailSchema,
  }),
  afterSaleAgree: defineEndpoint({
    method: 'post', path: '/aftersale/agree', tag: 'aftersale', access: 'user', permissions: AFTERSALE_SELLER_CODES, idempotent: true,
    summary: '卖家同意售后（待卖家处理 → 仅退款：待退款；退货退款：待买家退货）；通知买家',
    payload: byNo,
    answer: afterSaleDetailSchema,
  }),
  afterSaleReject: defineEndpoint({
    method: 'post', path: '/aftersale/reject', tag: 'aftersale', access: 'user', permissions: AFTERSALE_SELLER_CODES, idempotent: true,
    summary: '卖家拒绝售后并填写原因（待卖家处理 → 卖家已拒绝）；通知买家',
    payload: v.object({ as_no: asNoField, reason: trimmed(afterSaleText.rejectReason, 2, AFTERSALE_REASON_MAX) }),
    answer: afterSaleDetailSchema,
  }),
  afterSaleCancel: defineEndpoint({
    method: 'post', path: '/aftersale/cancel', tag: 'aftersale', access: 'user', permissions: AFTERSALE_BUYER_CODES, idempotent: true,
    summary: '买家撤销售后申请（待卖家处理或待买家退货时 → 买家已撤销）；通知卖家',
    payload: v.object({ as_no: asNoField, reason: optionalText(afterSaleText.cancelReason, AFTERSALE_REASON_MAX) }),
    answer: afterSaleDetailSchema,
  }),
  afterSaleDeliver: defineEndpoint({
    method: 'post', path: '/aftersale/deliver', tag: 'aftersale', access: 'user', permissions: AFTERSALE_BUYER_CODES, idempotent: true,
    summary: '买家退货：填写物流公司和物流单号（待买家退货 → 待卖家收货）；通知卖家',
    payload: v.object({
      as_no: asNoField,
      logistics_company: trimmed(afterSaleText.logisticsCompany, 1, 30),
      logistics_no: v.pipe(v.string(afterSaleText.logisticsNo), v.trim(), v.regex(LOGISTICS_NO_RE, afterSaleText.logisticsNo)),
    }),
    answer: afterSaleDetailSchema,
  }),
  afterSaleReceipt: defineEndpoint({
    method: 'post', path: '/aftersale/receipt', tag: 'aftersale', access: 'user', permissions: AFTERSALE_SELLER_CODES, idempotent: true,
    summary: '卖家确认收到退货（待卖家收货 → 待退款）；通知买家',
    payload: byNo,
    answer: afterSaleDetailSchema,
  }),
  afterSaleComplete: defineEndpoint({
    method: 'post', path: '/aftersale/complete', tag: 'aftersale', access: 'user', permissions: AFTERSALE_SELLER_CODES, idempotent: true,
    summary: '卖家确认退款（待退款 → 已完成）：在线付款的订单原路退回（平台暂管的款项或卖家钱包 → 买家钱包或支付渠道），线下付款的订单登记线下退款，未付款的订单冲减货款；可按金额部分退款（amount_fen），不超过已付减已退；通知买家',
    payload: v.object({
      as_no: asNoField, refund_method: v.picklist(REFUND_METHODS, afterSaleText.refundMethod), note: optionalText(afterSaleText.refundNote, AFTERSALE_REASON_MAX),
      /** fen: refund less than asked (partial by amount); omitted = the after-sale's amount */
      amount_fen: v.optional(v.pipe(v.number(afterSaleText.amountFen), v.integer(afterSaleText.amountFen), v.minValue(1, afterSaleText.amountFen), v.maxValue(1_000_000_000_000, afterSaleText.amountFen))),
    }),
    answer: afterSaleDetailSchema,
  }),
  afterSaleLogistics: defineEndpoint({
    method: 'get', path: '/aftersale/logistics', tag: 'aftersale', access: 'user', permissions: AFTERSALE_CODES,
    summary: '售后退货物流：买家填写的物流公司、物流单号和寄出、收货时间',
    payload: byNo,
    answer: v.object({ as_no: v.string(), status: statusSchema, logistics_company: v.string(), logistics_no: v.string(), returned_at: v.number(), received_at: v.number() }),
  }),
} as const;

export const opAfterSaleRowSchema = afterSaleSummarySchema;

export const opAfterSaleEndpoints = {
  opAfterSaleList: defineEndpoint({
    method: 'get', path: '/operation/aftersales', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.afterSales, heavy: true,
    summary: '运营：平台所有售后（只读），按售后单号或订单号、买家、卖家、状态、类型、申请日期筛选',
    payload: v.pipe(
      listPayload({
        no: keyword('单号', 40), buyer: keyword('买家', 40), seller: keyword('卖家', 40),
        status: v.optional(v.picklist(['', ...AFTERSALE_STATUSES], afterSaleText.status), ''),
        type: v.optional(v.picklist(['', ...AFTERSALE_TYPES], afterSaleText.type), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(opAfterSaleRowSchema, { refund_fen: v.number() }),
  }),
  opAfterSaleDetail: defineEndpoint({
    method: 'get', path: '/operation/aftersale', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.afterSales,
    summary: '运营：售后详情：双方、配件、原因、图片、物流、退款和操作记录',
    payload: byNo,
    answer: afterSaleDetailSchema,
  }),
  opAfterSaleClose: defineEndpoint({
    method: 'post', path: '/operation/aftersale/close', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.afterSaleClose, idempotent: true,
    summary: '运营：关闭进行中的售后（须填写原因），记入售后记录和操作日志，通知买卖双方',
    payload: v.object({ as_no: asNoField, reason: reasonField('关闭原因') }),
    answer: afterSaleDetailSchema,
  }),
} as const;


