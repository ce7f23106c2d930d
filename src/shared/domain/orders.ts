/**
 * Goods orders (requirements 000-2 /cart/order/*, requirements 001-2-1 sales and purchase orders, 001-7 "orders: confirm,
 * deliver, cancel, reject, receipt, offline payment, complete"). The spec does not show the
 * statuses; these follow the usual B2B parts marketplace: the seller accepts an order before it is
 * binding, ships it with a waybill, the buyer confirms receipt, and payment (offline: bank
 * transfer, cash …) is recorded by the seller as a separate flag. An order is complete once the
 * goods are received and the payment recorded, whichever comes last.
 *
 *   待确认 ─确认→ 已确认(待发货) ─发货→ 已发货 ─确认收货→ 已收货 ─(已付款)→ 已完成
 *     │ 买家取消 → 已取消           (已付款 at 确认收货 → 已完成 at once)
 *     └ 卖家拒绝 → 已拒绝
 *
 * Payment 未付款 → 已付款 may be recorded by the seller from 已确认 on (not before it accepted the
 * order, not after it was cancelled or rejected), where the seller takes offline payments.
 *
 * Paying online (docs/money.md, "Paying orders"): the buyer pays from its wallet or through the
 * payment provider while the order is 待确认, 已确认, 已发货 or 已收货 and unpaid; the money is held
 * by the platform until the goods are received (then it is paid out to the seller); a 已收货 order
 * paid online completes at once. Cancelling or rejecting a paid order refunds it to where the money
 * came from.
 */
import { ACCOUNTING_CODES } from './membership';

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'received', 'completed', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAY_STATUSES = ['unpaid', 'paid'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: '待确认',
  confirmed: '已确认',
  shipped: '已发货',
  received: '已收货',
  completed: '已完成',
  cancelled: '已取消',
  rejected: '已拒绝',
};

/** What the order asks for: its total less what completed after-sales deducted (冲减货款), in fen. */
export const amountDueFen = (o: { total_fen: number; deducted_fen: number }) => o.total_fen - o.deducted_fen;

export const PAY_STATUS_TEXT: Record<PayStatus, string> = { unpaid: '未付款', paid: '已付款' };

/** Offline payment methods a seller records. */
export const PAY_METHODS = ['银行转账', '现金', '微信', '支付宝', '其他'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Which side of the order acts. */
export type OrderSide = 'buyer' | 'seller';

export type OrderAction = 'confirm' | 'reject' | 'deliver' | 'cancel' | 'receipt' | 'pay' | 'pay_online';

export const ORDER_ACTION_TEXT: Record<OrderAction, string> = {
  confirm: '确认订单',
  reject: '拒绝订单',
  deliver: '发货',
  cancel: '取消订单',
  receipt: '确认收货',
  pay: '登记线下收款',
  pay_online: '付款',
};

/** How an order was paid: recorded offline by the seller, from the buyer's wallet, or through the payment provider. */
export const PAY_CHANNELS = ['offline', 'wallet', 'provider', 'vnd_wallet'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const PAY_CHANNEL_TEXT: Record<PayChannel, string> = { offline: '线下收款', wallet: '钱包余额', provider: '在线支付', vnd_wallet: '越南盾钱包' };
/**
 * Paid online: the money is held by the platform (clearing) and paid out to the seller on receipt;
 * a Vietnam-mall order paid from the dong wallet is one (docs/money.md "Paying a mall order in dong").
 */
export const paidOnline = (channel: string | null | undefined) => channel === 'wallet' || channel === 'provider' || channel === 'vnd_wallet';
/** The ways the buyer pays online (docs/money.md, "Paying orders"). */
export const ONLINE_PAY_METHODS = ['wallet', 'provider'] as const;
export type OnlinePayMethod = (typeof ONLINE_PAY_METHODS)[number];
/** At most this many orders in one payment (one checkout of many sellers fits). */
export const ORDER_PAY_MAX = 50;
/** Statuses in which the buyer may pay an unpaid order online. */
export const ONLINE_PAYABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped', 'received'];
/** The refusal when the seller takes no offline payment (docs/money.md, "Offline payment"). */
export const OFFLINE_REFUSED = '该卖家已关闭线下收款，请买家在线支付（钱包余额或在线支付）';
/** The refusal when the order is paid already (two tabs, or the seller recorded it). */
export const ALREADY_PAID = '该订单已付款';
/** Default days after shipping until an order counts as received (system parameter order_auto_receipt_days). */
export const AUTO_RECEIPT_DAYS_DEFAULT = 10;

/** Who may take each action. */
export const ACTION_SIDE: Record<OrderAction, OrderSide> = {
  confirm: 'seller', reject: 'seller', deliver: 'seller', pay: 'seller', cancel: 'buyer', receipt: 'buyer', pay_online: 'buyer',
};

export interface OrderState {
  status: OrderStatus;
  payStatus: PayStatus;
}

export type Transition =
  | { ok: true; to: OrderState }
  | { ok: false; reason: string };

/** The reason, in Chinese, fit to show: what the order is now and what would be needed. */
const refuse = (action: OrderAction, s: OrderState, need: string): Transition => ({
  ok: false,
  reason: `订单当前为${ORDER_STATUS_TEXT[s.status]}${s.payStatus === 'paid' && action === 'pay' ? '、已付款' : ''}，不能${ORDER_ACTION_TEXT[action]}${need ? `（${need}）` : ''}`,
});

/** The one place the moves are decided; the server applies it to a locked row, pages use it to offer buttons. */
export const orderTransition = (s: OrderState, action: OrderAction): Transition => {
  switch (action) {
    case 'confirm':
      return s.status === 'pending' ? { ok: true, to: { ...s, status: 'confirmed' } } : refuse(action, s, '只有待确认的订单可以确认');
    case 'reject':
      return s.status === 'pending' ? { ok: true, to: { ...s, status: 'rejected' } } : refuse(action, s, '只有待确认的订单可以拒绝');
    case 'cancel':
      return s.status === 'pending' ? { ok: true, to: { ...s, status: 'cancelled' } } : refuse(action, s, '卖家确认后不能取消，请联系卖家');
    case 'deliver':
      return s.status === 'confirmed' ? { ok: true, to: { ...s, status: 'shipped' } } : refuse(action, s, '只有已确认的订单可以发货');
    case 'receipt':
      if (s.status !== 'shipped') return refuse(action, s, '只有已发货的订单可以确认收货');
      return { ok: true, to: { ...s, status: s.payStatus === 'paid' ? 'completed' : 'received' } };
    case 'pay_online':
      if (s.payStatus === 'paid') return { ok: false, reason: ALREADY_PAID };
      if (!ONLINE_PAYABLE_STATUSES.includes(s.status)) return refuse(action, s, '已取消或已拒绝的订单不能付款');
      return { ok: true, to: { status: s.status === 'received' ? 'completed' : s.status, payStatus: 'paid' } };
    case 'pay':
      if (s.payStatus === 'paid') return refuse(action, s, '该订单已登记收款');
      if (s.status === 'confirmed' || s.status === 'shipped') return { ok: true, to: { status: s.status, payStatus: 'paid' } };
      if (s.status === 'received') return { ok: true, to: { status: 'completed', payStatus: 'paid' } };
      return refuse(action, s, s.status === 'pending' ? '请先确认订单' : '');
  }
};

/** The actions a side may take now (the page offers only these; the server decides again). */
export const availableActions = (s: OrderState, side: OrderSide): OrderAction[] =>
  (Object.keys(ACTION_SIDE) as OrderAction[]).filter((a) => ACTION_SIDE[a] === side && orderTransition(s, a).ok);

/** Orders that return their pieces to the seller's stock. */
export const releasesStock = (to: OrderStatus) => to === 'cancelled' || to === 'rejected';

/** The status an order is in for money: nothing is owed on a cancelled, rejected or unconfirmed order. */
export const owes = (s: OrderState) => s.payStatus === 'unpaid' && (s.status === 'confirmed' || s.status === 'shipped' || s.status === 'received');

/** Permission codes (requirements 000-6, 001-2-1): purchase orders C09 / M02 (M02-01, M02-02); sales orders M01-00 (M01-01), C10. */
export const PURCHASE_ORDER_CODES = ['C09', 'M02', 'M02-01', 'M02-02'] as const;
export const SALES_ORDER_CODES = ['M01-00', 'M01-01', 'C10'] as const;
/** Accounting (M09): the whole finance page of the company; the same codes that may buy a package. */
export const FINANCE_CODES = ACCOUNTING_CODES;

/** Contact and address rules of the order form, shared by the page and the server. */
export const ORDER_CONTACT_MAX = 20;
export const ORDER_ADDRESS_MIN = 5;
export const ORDER_ADDRESS_MAX = 200;
export const ORDER_REMARK_MAX = 200;
export const ORDER_REASON_MAX = 200;
export const LOGISTICS_NO_RE = /^[A-Za-z0-9-]{6,30}$/;
/** A mainland mobile number, or a landline with area code (0755-12345678, 075512345678). */
export const PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** requirements 000-9: pagination default 50, options 50, 100, 200, 400, 800. */
export const ORDER_PAGE_SIZES = [50, 100, 200, 400, 800] as const;
