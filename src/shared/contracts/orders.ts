import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { CART_CODES } from './cart';
import { orderAfterSaleSchema } from './aftersale';
import { CART_MAX_LINES, CART_TYPE_CODES } from '../domain/cart';
import {
  FINANCE_CODES, LOGISTICS_NO_RE, ORDER_ADDRESS_MAX, ORDER_ADDRESS_MIN, ORDER_CONTACT_MAX, ORDER_PAGE_SIZES, ORDER_REASON_MAX,
  ORDER_REMARK_MAX, ORDER_STATUSES, PAY_METHODS, PAY_STATUSES, PHONE_RE, PURCHASE_ORDER_CODES, SALES_ORDER_CODES,
  ONLINE_PAY_METHODS, ORDER_PAY_MAX, PAY_CHANNELS,
} from '../domain/orders';
import { pageSizeField } from './page-size';
import { checkoutDeviceField } from './money-field';

export const orderText = {
  contactName: '请填写收货人',
  contactNameLong: `收货人最多${ORDER_CONTACT_MAX}个字`,
  contactPhone: '请填写正确的联系电话（11位手机号或带区号的座机）',
  address: `请填写详细收货地址（${ORDER_ADDRESS_MIN}到${ORDER_ADDRESS_MAX}个字）`,
  remark: `备注最多${ORDER_REMARK_MAX}个字`,
  remarkSeller: '备注的卖家不在本次结算中',
  creditSellerUnknown: '选择账期付款的卖家不在本次结算中',
  cartIds: '请选择要结算的配件',
  expectedTotal: '请提供页面上显示的应付金额',
  orderNo: '请提供订单号',
  rejectReason: `请填写拒绝原因（最多${ORDER_REASON_MAX}个字）`,
  cancelReason: `取消原因最多${ORDER_REASON_MAX}个字`,
  logisticsCompany: '请填写物流公司（最多30个字）',
  logisticsNo: '请填写正确的物流单号（6到30位字母、数字或连字符）',
  payMethod: `收款方式只能是${PAY_METHODS.join('、')}`,
  payNote: `收款备注最多${ORDER_REASON_MAX}个字`,
  side: '订单类型只能是 purchase（采购）或 sales（销售）',
  status: '订单状态无效',
  payStatus: '付款状态无效',
  pageSize: `每页条数只能是${ORDER_PAGE_SIZES.join('、')}`,
  page: '页码应为正整数',
  // refusals of the service
  cartChanged: '购物车已变化（配件被删除、取消勾选或已下单），请返回购物车确认后重新结算',
  unavailable: (name: string, reason: string) => `${name}${reason}，请返回购物车处理后再结算`,
  notEnough: (name: string, stock: number) => `${name}库存不足：仅剩${stock}件，请修改数量后再结算`,
  totalChanged: (fen: number) => `价格已变化，应付金额现为 ¥${(fen / 100).toFixed(2)}，请确认后重新提交`,
  notFound: '订单不存在',
  otherCompany: '只能查看和处理本公司的订单',
  buyerOnly: '只有买家可以进行此操作',
  sellerOnly: '只有卖家可以进行此操作',
  noPurchaseRight: '暂无权限查看采购订单',
  noSalesRight: '暂无权限查看销售订单',
  // paying orders online (docs/money.md, "Paying orders")
  payOrderNos: `请选择要付款的订单（1到${ORDER_PAY_MAX}个）`,
  payMethod2: '付款方式只能是 wallet（钱包余额）或 provider（在线支付）',
  paymentNo: '请提供付款单号',
  paymentNotFound: '付款单不存在',
  payOtherCompany: '只能为本公司采购的订单付款',
  payMixedBuyers: '一次付款只能包含同一买家的订单',
  nothingDue: '该订单已无应付金额',
  payProviderMismatch: '支付渠道与付款单不符',
  payAmountMismatch: '支付金额与付款单不符',
  paymentCancelled: '该付款单已取消，请重新发起付款',
  payNotPayer: '只有发起付款的用户可以在此支付',
  refundOverPaid: (leftFen: number) => `退款金额超过订单可退金额（已付款减去已退款，剩余 ¥${(leftFen / 100).toFixed(2)}）`,
  offlineAllowed: '请选择是否接受线下收款',
  paySettingRight: '只有企业负责人或有销售订单、财务权限的用户可以修改收款设置',
} as const;

const trimmed = (text: string, min: number, max: number, longText = text) =>
  v.pipe(v.string(text), v.trim(), v.minLength(min, text), v.maxLength(max, longText));
const optionalText = (text: string, max: number) => v.optional(v.pipe(v.string(text), v.trim(), v.maxLength(max, text)), '');
const intOf = (text: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,12}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );
const orderNo = v.pipe(v.string(orderText.orderNo), v.trim(), v.regex(/^SO\d{20}$/, orderText.orderNo));

export const checkoutPayload = v.object({
  /** the cart lines the buyer saw on the confirm page: they must still be exactly the checked ones */
  cart_ids: v.pipe(v.array(intOf(orderText.cartIds, 1, MAX_ID), orderText.cartIds), v.minLength(1, orderText.cartIds), v.maxLength(CART_MAX_LINES, orderText.cartIds)),
  /** fen: the total the page showed; a different server total refuses, so nobody pays a price they did not see */
  expected_total_fen: intOf(orderText.expectedTotal, 1, Number.MAX_SAFE_INTEGER),
  type_code: v.optional(v.picklist(CART_TYPE_CODES, '类型无效'), '配件产品'),
  contact_name: trimmed(orderText.contactName, 1, ORDER_CONTACT_MAX, orderText.contactNameLong),
  contact_phone: v.pipe(v.string(orderText.contactPhone), v.trim(), v.regex(PHONE_RE, orderText.contactPhone)),
  address: trimmed(orderText.address, ORDER_ADDRESS_MIN, ORDER_ADDRESS_MAX),
  /** 买家留言 per seller */
  remarks: v.optional(v.pipe(v.array(v.object({ company_id: intOf(orderText.remarkSeller, 1, MAX_ID), remark: optionalText(orderText.remark, ORDER_REMARK_MAX) })), v.maxLength(CART_MAX_LINES, orderText.remark)), []),
  /** 账期: the sellers whose orders are placed on credit (docs/customers.md "Credit terms"); the rest are ordinary unpaid orders */
  credit_sellers: v.optional(v.pipe(v.array(intOf('账期付款的卖家应为企业编号', 1, MAX_ID), '账期付款的卖家应为企业编号的列表'), v.maxLength(CART_MAX_LINES, '账期付款的卖家过多')), []),
  /** the voucher each seller order uses (docs/vouchers.md); a seller left out uses none */
  vouchers: v.optional(v.pipe(v.array(v.object({
    company_id: intOf('使用优惠券的卖家应为企业编号', 1, MAX_ID), claim_id: intOf('请选择优惠券', 1, Number.MAX_SAFE_INTEGER),
  }), '优惠券应为卖家与券的列表'), v.maxLength(CART_MAX_LINES, '优惠券过多')), []),
});

export const orderLineSchema = v.object({
  id: v.number(),
  stock_id: v.nullable(v.number()),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  quality_name: v.string(),
  uom_name: v.string(),
  qty: v.number(),
  include_tax: v.boolean(),
  price_column: v.string(),
  unit_price_fen: v.number(),
  amount_fen: v.number(),
  /** charged under the seller's promotion plan: the plan (its name as it is now) and the unit price before it (docs/promotions.md); absent: none */
  promo_plan_id: v.optional(v.number()),
  promo_name: v.optional(v.string()),
  list_price_fen: v.optional(v.number()),
  /** 满减: the line's share of the order's reduction (docs/activities.md "满减"); absent: none */
  reduction_fen: v.optional(v.number()),
});

const statusSchema = v.picklist(ORDER_STATUSES);
const payStatusSchema = v.picklist(PAY_STATUSES);

export const orderSummarySchema = v.object({
  order_no: v.string(),
  checkout_no: v.string(),
  status: statusSchema,
  pay_status: payStatusSchema,
  buyer_company_id: v.number(),
  buyer_company_name: v.string(),
  seller_company_id: v.number(),
  seller_company_name: v.string(),
  line_count: v.number(),
  total_qty: v.number(),
  total_fen: v.number(),
  /** completed after-sales settled as 冲减货款 (the order was unpaid): the amount due is total_fen minus this */
  deducted_fen: v.number(),
  /** the first line's name, for the list */
  first_line: v.string(),
  /** how it was paid ('' while unpaid): offline (recorded by the seller), wallet, provider */
  pay_channel: v.union([v.literal(''), v.picklist(PAY_CHANNELS)]),
  /** what was paid and what was refunded of it (docs/money.md, "Paying orders") */
  paid_fen: v.number(),
  refunded_fen: v.number(),
  created_at: v.number(),
  /** 现货订单 (docs/spot-goods.md), and until when (unix seconds) its seller may confirm it (0: not a spot order) */
  spot: v.optional(v.boolean(), false),
  confirm_by: v.optional(v.number(), 0),
  /** which side the caller is on */
  side: v.picklist(['buyer', 'seller']),
});
export type OrderSummary = v.InferOutput<typeof orderSummarySchema>;

export const orderDetailSchema = v.object({
  ...orderSummarySchema.entries,
  /** the voucher's discount (total_fen is the lines less it) and its name, '' without one (docs/vouchers.md) */
  voucher_fen: v.number(),
  voucher_name: v.string(),
  /** 满减: what the order's activity took off (total_fen is the lines less it and the voucher) and its name; 0 and '' without (docs/activities.md "满减") */
  reduction_fen: v.optional(v.number(), 0),
  reduction_name: v.optional(v.string(), ''),
  /** whose reduction it is: full_reduction (满减) or bundle (组合套装, the bundle's saving); '' without (docs/activities.md "组合套装") */
  reduction_kind: v.optional(v.string(), ''),
  buyer_user_name: v.string(),
  contact_name: v.string(),
  contact_phone: v.string(),
  address: v.string(),
  remark: v.string(),
  reject_reason: v.string(),
  cancel_reason: v.string(),
  logistics_company: v.string(),
  logistics_no: v.string(),
  pay_method: v.string(),
  pay_note: v.string(),
  confirmed_at: v.number(),
  shipped_at: v.number(),
  received_at: v.number(),
  completed_at: v.number(),
  cancelled_at: v.number(),
  rejected_at: v.number(),
  paid_at: v.number(),
  lines: v.array(orderLineSchema),
  events: v.array(v.object({ action: v.string(), from_status: v.string(), to_status: v.string(), note: v.string(), user_name: v.string(), created_at: v.number() })),
  /** the order's after-sales, oldest first (售后, contracts/aftersale.ts) */
  after_sales: v.array(orderAfterSaleSchema),
  /** until when (unix seconds) a quality problem may still be taken under the seller's platform warranty past the ordinary window; 0: not at all (docs/warranty.md) */
  warranty_aftersale_end: v.optional(v.number(), 0),
  /** the online payment that paid it ('' for none) */
  payment_no: v.string(),
  /** paid out to the seller's wallet (online payments): when (0 = not yet), how much and the platform fee */
  paid_out_at: v.number(),
  payout_fen: v.number(),
  payout_fee_fen: v.number(),
  /** whether the seller takes offline payments (登记线下收款) */
  offline_allowed: v.boolean(),
  /** 账期 (docs/customers.md "Credit terms"): the China date (YYYY-MM-DD) a credit order falls due, '' for an ordinary order; overdue: unpaid past that date */
  credit_due_date: v.string(),
  credit_overdue: v.boolean(),
  /** refunds of the order's money: to the buyer's wallet, to the provider, or recorded offline */
  refunds: v.array(v.object({ refund_no: v.string(), amount_fen: v.number(), source: v.string(), destination: v.string(), state: v.picklist(['pending', 'done']), created_at: v.number() })),
});
export type OrderDetail = v.InferOutput<typeof orderDetailSchema>;

const byNo = v.object({ order_no: orderNo });
const paymentNo = v.pipe(v.string(orderText.paymentNo), v.trim(), v.regex(/^OP\d{20}$/, orderText.paymentNo));

export const orderPaymentSchema = v.object({
  payment_no: v.string(),
  method: v.picklist([...ONLINE_PAY_METHODS, 'vnd_wallet']),
  state: v.picklist(['pending', 'paid', 'cancelled']),
  amount_fen: v.number(),
  created_at: v.number(),
  paid_at: v.number(),
  /** each order and its share; paid: this payment paid it (false for a provider payment whose order was paid meanwhile: refunded) */
  orders: v.array(v.object({ order_no: v.string(), seller_company_name: v.string(), amount_fen: v.number(), paid: v.boolean() })),
  /** the provider's checkout for a pending provider payment, '' otherwise */
  checkout_url: v.string(),
  /** where the payer lands after the provider's page */
  return_url: v.string(),
});
export type OrderPayment = v.InferOutput<typeof orderPaymentSchema>;
const PURCHASE_OR_SALES = [...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES];

const financeSide = v.object({
  /** orders not yet accepted by the seller: nothing owed yet */
  pending_fen: v.number(),
  /** accepted, not paid: 应付 (purchases) / 应收 (sales) */
  open_fen: v.number(),
  /** recorded as paid: 已付 / 已收 */
  paid_fen: v.number(),
  /** completed after-sales: refunded on paid orders, deducted (冲减货款) from unpaid ones; open_fen is already net of the latter */
  aftersale_refunded_fen: v.number(),
  aftersale_deducted_fen: v.number(),
  order_count: v.number(),
});

export const financeSchema = v.object({
  company_name: v.string(),
  /** null: the caller may not see that part */
  purchase: v.nullable(financeSide),
  sales: v.nullable(financeSide),
  packages: v.nullable(v.object({
    paid_fen: v.number(),
    orders: v.array(v.object({ order_no: v.string(), level_name: v.string(), amount_fen: v.number(), duration_months: v.number(), state: v.picklist(['pending', 'paid', 'cancelled']), created_at: v.number(), paid_at: v.number() })),
  })),
});
export type Finance = v.InferOutput<typeof financeSchema>;

export const orderEndpoints = {
  cartSubmit: defineEndpoint({
    method: 'post', path: '/cart/submit', tag: 'orders', access: 'user', permissions: CART_CODES, idempotent: true, idempotencyRequired: true,
    summary: '提交订单：购物车中勾选的配件按卖家拆成多个订单（一个事务）；价格由服务器按购物车规则计算并与 expected_total_fen 核对；下单即扣减库存（库存不足则整单不成立）；已下单的配件移出购物车；必须带 Idempotency-Key，重复提交只生成一组订单',
    payload: checkoutPayload,
    answer: v.object({ checkout_no: v.string(), orders: v.array(orderSummarySchema), total_fen: v.number() }),
  }),
  orderSearch: defineEndpoint({
    method: 'get', path: '/orders', tag: 'orders', access: 'user', permissions: PURCHASE_OR_SALES,
    summary: '订单列表：side=purchase 本公司的采购订单（C09、M02），side=sales 本公司的销售订单（M01-00、C10）；按状态、付款状态、订单号或结算号筛选，新的在前',
    payload: v.object({
      side: v.picklist(['purchase', 'sales'], orderText.side),
      status: v.optional(v.union([v.literal(''), v.picklist(ORDER_STATUSES, orderText.status)], orderText.status), ''),
      pay_status: v.optional(v.union([v.literal(''), v.picklist(PAY_STATUSES, orderText.payStatus)], orderText.payStatus), ''),
      order_no: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, '订单号最多30个字符')), ''),
      page_number: v.optional(intOf(orderText.page, 1, 100000), 1),
      page_size: pageSizeField(50),
    }),
    answer: v.object({ data: v.array(orderSummarySchema), total: v.number(), counts: v.record(v.string(), v.number()) }),
  }),
  orderRetrieve: defineEndpoint({
    // M08 (服务/售后) reads the orders its after-sales are about; every move needs the side's order codes
    method: 'get', path: '/order', tag: 'orders', access: 'user', permissions: [...PURCHASE_OR_SALES, 'M08'],
    summary: '订单详情（本公司作为买家或卖家的订单）：明细、收货信息、物流、收款和操作记录；售后权限（M08）可查看',
    payload: byNo,
    answer: orderDetailSchema,
  }),
  orderConfirm: defineEndpoint({
    method: 'post', path: '/order/confirm', tag: 'orders', access: 'user', permissions: SALES_ORDER_CODES, idempotent: true,
    summary: '卖家确认订单（待确认 → 已确认）',
    payload: byNo,
    answer: orderDetailSchema,
  }),
  orderReject: defineEndpoint({
    method: 'post', path: '/order/reject', tag: 'orders', access: 'user', permissions: SALES_ORDER_CODES, idempotent: true,
    summary: '卖家拒绝订单并填写原因（待确认 → 已拒绝），库存退回',
    payload: v.object({ order_no: orderNo, reason: trimmed(orderText.rejectReason, 1, ORDER_REASON_MAX) }),
    answer: orderDetailSchema,
  }),
  orderDeliver: defineEndpoint({
    method: 'post', path: '/order/deliver', tag: 'orders', access: 'user', permissions: SALES_ORDER_CODES, idempotent: true,
    summary: '卖家发货，填写物流公司和物流单号（已确认 → 已发货）',
    payload: v.object({
      order_no: orderNo,
      logistics_company: trimmed(orderText.logisticsCompany, 1, 30),
      logistics_no: v.pipe(v.string(orderText.logisticsNo), v.trim(), v.regex(LOGISTICS_NO_RE, orderText.logisticsNo)),
    }),
    answer: orderDetailSchema,
  }),
  orderOfflinePayment: defineEndpoint({
    method: 'post', path: '/order/offline-payment', tag: 'orders', access: 'user', permissions: SALES_ORDER_CODES, idempotent: true,
    summary: '卖家登记线下收款（全额，未付款 → 已付款）；已确认、已发货或已收货的订单可以登记，已收货的订单随之完成',
    payload: v.object({ order_no: orderNo, pay_method: v.picklist(PAY_METHODS, orderText.payMethod), note: optionalText(orderText.payNote, ORDER_REASON_MAX) }),
    answer: orderDetailSchema,
  }),
  orderCancel: defineEndpoint({
    method: 'post', path: '/order/cancel', tag: 'orders', access: 'user', permissions: PURCHASE_ORDER_CODES, idempotent: true,
    summary: '买家取消订单（仅待确认时；待确认 → 已取消），库存退回',
    payload: v.object({ order_no: orderNo, reason: optionalText(orderText.cancelReason, ORDER_REASON_MAX) }),
    answer: orderDetailSchema,
  }),
  orderReceipt: defineEndpoint({
    method: 'post', path: '/order/receipt', tag: 'orders', access: 'user', permissions: PURCHASE_ORDER_CODES, idempotent: true,
    summary: '买家确认收货（已发货 → 已收货；已付款的订单直接完成）',
    payload: byNo,
    answer: orderDetailSchema,
  }),
  orderPay: defineEndpoint({
    method: 'post', path: '/order/pay', tag: 'orders', access: 'user', permissions: PURCHASE_ORDER_CODES, idempotent: true, idempotencyRequired: true,
    summary: '买家在线付款：一次为本公司一个或多个未付款订单（待确认、已确认、已发货、已收货）付款；wallet 从钱包余额扣款并立即标记已付款，provider 生成待支付付款单并返回收银台地址，支付渠道通知确认后标记已付款；款项由平台暂管，确认收货后结算给卖家；必须带 Idempotency-Key',
    payload: v.object({
      order_nos: v.pipe(v.array(orderNo, orderText.payOrderNos), v.minLength(1, orderText.payOrderNos), v.maxLength(ORDER_PAY_MAX, orderText.payOrderNos)),
      method: v.picklist(ONLINE_PAY_METHODS, orderText.payMethod2),
      device: checkoutDeviceField,
    }),
    answer: orderPaymentSchema,
  }),
  orderPaymentGet: defineEndpoint({
    method: 'get', path: '/order-payment', tag: 'orders', access: 'user', permissions: PURCHASE_ORDER_CODES,
    summary: '本公司的一笔订单付款及其状态（待支付、已支付、已取消）和所付订单',
    payload: v.object({ payment_no: paymentNo }),
    answer: orderPaymentSchema,
  }),
  orderPayOptions: defineEndpoint({
    method: 'get', path: '/order-pay-options', tag: 'orders', access: 'user', permissions: PURCHASE_ORDER_CODES,
    summary: '付款方式：本公司钱包可用余额，以及在线支付是否为演示收银台',
    payload: emptyPayload,
    answer: v.object({ wallet_available_fen: v.number(), demo_payment: v.boolean() }),
  }),
  sellerPaySettingGet: defineEndpoint({
    method: 'get', path: '/order-pay-setting', tag: 'orders', access: 'user', permissions: [...SALES_ORDER_CODES, ...FINANCE_CODES],
    summary: '本公司作为卖家的收款设置：是否接受线下收款（默认接受）',
    payload: emptyPayload,
    answer: v.object({ offline_allowed: v.boolean() }),
  }),
  sellerPaySettingSave: defineEndpoint({
    method: 'post', path: '/order-pay-setting', tag: 'orders', access: 'user', permissions: [...SALES_ORDER_CODES, ...FINANCE_CODES], idempotent: true,
    summary: '修改收款设置：不接受线下收款时，卖家不能登记线下收款，买家需在线付款',
    payload: v.object({ offline_allowed: v.boolean(orderText.offlineAllowed) }),
    answer: v.object({ offline_allowed: v.boolean() }),
  }),
  financeSummary: defineEndpoint({
    method: 'get', path: '/finance/summary', tag: 'orders', access: 'user', permissions: [...FINANCE_CODES, ...PURCHASE_OR_SALES],
    summary: '我的财务：本公司采购的待确认、应付、已付，销售的待确认、应收、已收（采购部分需采购权限，销售部分需销售权限，财务权限 M09 全部可见），以及会员套餐的付款记录（企业负责人或财务权限）',
    payload: v.optional(v.object({}), {}),
    answer: financeSchema,
  }),
} as const;
