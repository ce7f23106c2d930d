import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { checkoutDeviceField } from './money-field';

export const packageSchema = v.object({
  level_id: v.number(),
  name: v.string(),
  price_fen: v.number(),
  duration_months: v.number(),
  employee_limit: v.number(),
  /** 9999 means unlimited */
  stock_per_day: v.number(),
  vin_type: v.picklist(['date', 'count']),
});
export type MembershipPackage = v.InferOutput<typeof packageSchema>;

export const orderStateSchema = v.picklist(['pending', 'paid', 'cancelled']);

export const packageOrderSchema = v.object({
  order_no: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  level_id: v.number(),
  level_name: v.string(),
  /** what is paid: the list price less the discount */
  amount_fen: v.number(),
  /** what the promotion code took off; 0 without one */
  discount_fen: v.number(),
  /** the code applied ('' none) and its name */
  promotion_code: v.string(),
  promotion_name: v.string(),
  duration_months: v.number(),
  state: orderStateSchema,
  /** unix seconds */
  created_at: v.number(),
  /** unix seconds; 0 until paid */
  paid_at: v.number(),
  /** the company's expiry after this order was paid (unix seconds); 0 until paid */
  level_end_after: v.number(),
});
export type PackageOrder = v.InferOutput<typeof packageOrderSchema>;

const orderNo = v.pipe(v.string('请提供订单号'), v.trim(), v.regex(/^PK\d{20}$/, '订单号格式不正确'));
const levelId = v.pipe(
  v.union([v.number('请选择套餐'), v.string('请选择套餐')], '请选择套餐'),
  v.transform((x) => (typeof x === 'string' ? (/^\d{1,9}$/.test(x) ? Number(x) : Number.NaN) : x)),
  v.number('请选择套餐'),
  v.integer('请选择套餐'),
  v.minValue(1, '请选择套餐'),
  v.maxValue(MAX_ID, '请选择套餐'),
);
const sandboxToken = v.pipe(v.string('缺少支付凭证'), v.nonEmpty('缺少支付凭证'), v.maxLength(1024, '支付凭证无效'));

export const membershipEndpoints = {
  getPayPackages: defineEndpoint({
    method: 'get', path: '/pay/packages', tag: 'membership', access: 'user',
    summary: '可购买的会员套餐（有价格和时长的付费等级），以及当前用户能否为本公司购买',
    payload: emptyPayload,
    answer: v.object({
      packages: v.array(packageSchema), may_buy: v.boolean(),
      /** payments go through the sandbox: pages say 演示支付，不会真实扣款 */
      demo_payment: v.boolean(),
    }),
  }),
  createPackageOrder: defineEndpoint({
    method: 'post', path: '/pay/orders', tag: 'membership', access: 'user', idempotent: true,
    summary: '为本公司下会员套餐订单（仅企业负责人或有财务权限的用户）；同一套餐已有待支付订单时返回该订单',
    payload: v.object({ level_id: levelId }),
    answer: packageOrderSchema,
  }),
  getPackageOrder: defineEndpoint({
    method: 'get', path: '/pay/order', tag: 'membership', access: 'user',
    summary: '本公司的一个会员套餐订单',
    payload: v.object({ order_no: orderNo }),
    answer: packageOrderSchema,
  }),
  cancelPackageOrder: defineEndpoint({
    method: 'post', path: '/pay/order-cancel', tag: 'membership', access: 'user', idempotent: true,
    summary: '取消本公司待支付的会员套餐订单',
    payload: v.object({ order_no: orderNo }),
    answer: packageOrderSchema,
  }),
  applyPackagePromotion: defineEndpoint({
    method: 'post', path: '/pay/order-promotion', tag: 'membership', access: 'user', idempotent: true,
    summary: '为本公司待支付的会员套餐订单使用优惠码（替换已用的码）；应付金额随即按优惠后计算，已发起的支付作废，须重新去支付',
    payload: v.object({ order_no: orderNo, code: v.pipe(v.string('请输入优惠码'), v.trim(), v.nonEmpty('请输入优惠码'), v.maxLength(40, '优惠码最多40个字符')) }),
    answer: packageOrderSchema,
  }),
  removePackagePromotion: defineEndpoint({
    method: 'post', path: '/pay/order-promotion-remove', tag: 'membership', access: 'user', idempotent: true,
    summary: '取消待支付订单已用的优惠码，恢复原价',
    payload: v.object({ order_no: orderNo }),
    answer: packageOrderSchema,
  }),
  payPackageOrder: defineEndpoint({
    method: 'post', path: '/pay/order-pay', tag: 'membership', access: 'user',
    summary: '用配置的支付渠道发起支付，返回收银台地址（device 为 phone 时为手机收银台）',
    payload: v.object({ order_no: orderNo, device: checkoutDeviceField }),
    answer: v.object({ provider: v.string(), checkout_url: v.string() }),
  }),
  sandboxCheckout: defineEndpoint({
    method: 'get', path: '/pay/sandbox/checkout', tag: 'membership', access: 'user',
    summary: '沙箱收银台（演示支付，不会真实扣款）：按支付凭证显示订单金额（凭证由服务器签名）；仅下单人本人可看',
    payload: v.object({ token: sandboxToken }),
    // currency VND: amount_fen is whole dong (a dong recharge, docs/money.md#money-in-dong)
    answer: v.object({ order_no: v.string(), subject: v.string(), company_name: v.string(), amount_fen: v.number(), state: orderStateSchema, expires_at: v.number(), return_url: v.string(), currency: v.optional(v.picklist(['CNY', 'VND'])) }),
  }),
  sandboxConfirm: defineEndpoint({
    method: 'post', path: '/pay/sandbox/confirm', tag: 'membership', access: 'user',
    summary: '沙箱支付确认（演示支付，不会真实扣款）：须下单人本人登录，凭证签名有效才处理；重复确认只生效一次；未启用演示支付时拒绝',
    payload: v.object({ token: sandboxToken, action: v.picklist(['pay', 'cancel'], 'action 只能是 pay 或 cancel') }),
    answer: v.object({ order_no: v.string(), state: orderStateSchema, return_url: v.string() }),
  }),
} as const;
