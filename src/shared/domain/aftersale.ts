/**
 * After-sale (售后, requirements 001-2-1 M08 "my service orders, after-sale list by type (seller or buyer),
 * apply, detail", 001-7 "after-sale: apply, deliver, receipt, reject, cancel, complete, logistics").
 * The spec shows no statuses; these follow the usual B2B parts marketplace. The buyer asks for one
 * of two things on lines of its own order: 仅退款 (refund only: wrong price, missing piece, goods
 * not worth sending back) or 退货退款 (return the goods, then the refund). The seller agrees or
 * refuses with a reason. Refunds are paid offline like the orders themselves, so the seller
 * records the refund (确认退款, the spec's "complete") and that ends the after-sale. On an order
 * paid online the refund moves real money back to the buyer at 确认退款 (docs/money.md, "Refunds");
 * the seller may refund less than asked (partial by amount), never more than was paid less refunds.
 *
 *   待卖家处理 ─同意(仅退款)→ 待退款 ─确认退款→ 已完成
 *     │        ─同意(退货退款)→ 待买家退货 ─退货(物流)→ 待卖家收货 ─确认收货→ 待退款
 *     ├ 卖家拒绝（原因必填）→ 卖家已拒绝
 *     └ 买家撤销（待卖家处理或待买家退货时）→ 买家已撤销
 *   any open state ─平台关闭（原因必填，运营）→ 平台已关闭
 *
 * Rules: only on the buyer's own order once it is shipped, received or completed, and within
 * AFTERSALE_WINDOW_DAYS of receipt; at most one open after-sale per order line; the quantity of a
 * line is at most what was bought minus what completed after-sales already took back.
 */
import { ORDER_STATUS_TEXT, PAY_METHODS, PURCHASE_ORDER_CODES, SALES_ORDER_CODES, type OrderStatus } from './orders';

export const AFTERSALE_TYPES = ['refund', 'return'] as const;
export type AfterSaleType = (typeof AFTERSALE_TYPES)[number];
export const AFTERSALE_TYPE_TEXT: Record<AfterSaleType, string> = { refund: '仅退款', return: '退货退款' };

export const AFTERSALE_STATUSES = ['pending', 'awaiting_return', 'returned', 'refunding', 'completed', 'rejected', 'cancelled', 'closed'] as const;
export type AfterSaleStatus = (typeof AFTERSALE_STATUSES)[number];
export const AFTERSALE_STATUS_TEXT: Record<AfterSaleStatus, string> = {
  pending: '待卖家处理',
  awaiting_return: '待买家退货',
  returned: '待卖家收货',
  refunding: '待退款',
  completed: '已完成',
  rejected: '卖家已拒绝',
  cancelled: '买家已撤销',
  closed: '平台已关闭',
};

/** States in which the after-sale still holds its order lines (no second one on them). */
export const OPEN_AFTERSALE_STATUSES: readonly AfterSaleStatus[] = ['pending', 'awaiting_return', 'returned', 'refunding'];
export const isOpen = (s: AfterSaleStatus) => OPEN_AFTERSALE_STATUSES.includes(s);

/** Days after the buyer received the goods during which it may apply (also in README). */
export const AFTERSALE_WINDOW_DAYS = 15;
/** Order states an after-sale may be asked on: the goods have left the seller. */
export const AFTERSALE_ORDER_STATUSES: readonly OrderStatus[] = ['shipped', 'received', 'completed'];

export const AFTERSALE_REASONS = ['质量问题', '发错货', '少件/漏发', '与车型不匹配', '运输损坏', '买错了/不想要了', '其他'] as const;
export type AfterSaleReason = (typeof AFTERSALE_REASONS)[number];
export const AFTERSALE_DESCRIPTION_MAX = 500;
export const AFTERSALE_REASON_MAX = 200;
export const AFTERSALE_IMAGES_MAX = 5;

export type AfterSaleAction = 'agree' | 'reject' | 'cancel' | 'deliver' | 'receipt' | 'complete' | 'close';
export type AfterSaleActor = 'buyer' | 'seller' | 'operator';

export const AFTERSALE_ACTION_TEXT: Record<AfterSaleAction | 'apply', string> = {
  apply: '申请售后',
  agree: '同意售后',
  reject: '拒绝售后',
  cancel: '撤销申请',
  deliver: '退货',
  receipt: '确认收货',
  complete: '确认退款',
  close: '关闭售后',
};

export const AFTERSALE_ACTION_SIDE: Record<AfterSaleAction, AfterSaleActor> = {
  agree: 'seller', reject: 'seller', receipt: 'seller', complete: 'seller', cancel: 'buyer', deliver: 'buyer', close: 'operator',
};

export interface AfterSaleState { status: AfterSaleStatus; type: AfterSaleType }
export type AfterSaleTransition = { ok: true; to: AfterSaleStatus } | { ok: false; reason: string };

const refuse = (action: AfterSaleAction, s: AfterSaleState, need: string): AfterSaleTransition => ({
  ok: false, reason: `售后单当前为${AFTERSALE_STATUS_TEXT[s.status]}，不能${AFTERSALE_ACTION_TEXT[action]}（${need}）`,
});

/** The one place the moves are decided; the server applies it to a locked row, pages use it to offer buttons. */
export const afterSaleTransition = (s: AfterSaleState, action: AfterSaleAction): AfterSaleTransition => {
  switch (action) {
    case 'agree':
      return s.status === 'pending' ? { ok: true, to: s.type === 'return' ? 'awaiting_return' : 'refunding' } : refuse(action, s, '只有待卖家处理的售后可以同意');
    case 'reject':
      return s.status === 'pending' ? { ok: true, to: 'rejected' } : refuse(action, s, '只有待卖家处理的售后可以拒绝');
    case 'cancel':
      return s.status === 'pending' || s.status === 'awaiting_return' ? { ok: true, to: 'cancelled' } : refuse(action, s, '买家退货后或卖家退款时不能撤销，请联系卖家');
    case 'deliver':
      if (s.type !== 'return') return refuse(action, s, '仅退款的售后无需退货');
      return s.status === 'awaiting_return' ? { ok: true, to: 'returned' } : refuse(action, s, '卖家同意退货后才能退货');
    case 'receipt':
      return s.status === 'returned' ? { ok: true, to: 'refunding' } : refuse(action, s, '买家退货后才能确认收货');
    case 'complete':
      return s.status === 'refunding' ? { ok: true, to: 'completed' } : refuse(action, s, s.type === 'return' ? '收到退货后才能确认退款' : '同意售后后才能确认退款');
    case 'close':
      return isOpen(s.status) ? { ok: true, to: 'closed' } : refuse(action, s, '只能关闭进行中的售后');
  }
};

/** The actions a side may take now (pages offer only these; the server decides again). */
export const availableAfterSaleActions = (s: AfterSaleState, side: AfterSaleActor): AfterSaleAction[] =>
  (Object.keys(AFTERSALE_ACTION_SIDE) as AfterSaleAction[]).filter((a) => AFTERSALE_ACTION_SIDE[a] === side && afterSaleTransition(s, a).ok);

/** What the party waiting is waiting for, in words (list and detail pages). */
export const AFTERSALE_NEXT_STEP: Record<AfterSaleStatus, string> = {
  pending: '等待卖家同意或拒绝',
  awaiting_return: '等待买家寄回配件并填写物流单号',
  returned: '等待卖家收货',
  refunding: '等待卖家线下退款并确认',
  completed: '售后已完成',
  rejected: '卖家已拒绝，如有异议可联系卖家或平台客服',
  cancelled: '买家已撤销申请',
  closed: '平台已关闭此售后',
};

/** Who may see and handle after-sales: the order rules of each side (orders.ts) and the services menu M08. */
export const AFTERSALE_BUYER_CODES = [...PURCHASE_ORDER_CODES, 'M08'] as const;
export const AFTERSALE_SELLER_CODES = [...SALES_ORDER_CODES, 'M08'] as const;
export const AFTERSALE_CODES = [...new Set<string>([...AFTERSALE_BUYER_CODES, ...AFTERSALE_SELLER_CODES])];

/** An order line and the after-sales already asked on it. */
export interface LineTaken { orderLineId: number; qty: number; status: AfterSaleStatus; asNo: string }

/** How many pieces of a line may still be asked for, and the open after-sale holding it (if any). */
export const lineAvailability = (line: { id: number; qty: number }, taken: readonly LineTaken[]) => {
  const mine = taken.filter((t) => t.orderLineId === line.id);
  const done = mine.filter((t) => t.status === 'completed').reduce((s, t) => s + t.qty, 0);
  const open = mine.find((t) => isOpen(t.status));
  return { available: Math.max(0, line.qty - done), openAsNo: open?.asNo ?? null };
};

const DAY_S = 86_400;

/** Whether the order may get an after-sale now: why not, in words, or null. Times in unix seconds (0 = never). */
export const orderAfterSaleRefusal = (o: { status: OrderStatus; receivedAt: number }, nowS: number): string | null => {
  if (!AFTERSALE_ORDER_STATUSES.includes(o.status)) return `订单当前为${ORDER_STATUS_TEXT[o.status]}，发货后才能申请售后`;
  if (o.receivedAt > 0 && nowS > o.receivedAt + AFTERSALE_WINDOW_DAYS * DAY_S) return `已超过售后期限（确认收货后${AFTERSALE_WINDOW_DAYS}天内可申请）`;
  return null;
};

/** The last moment of the window (unix seconds), 0 while the goods are not received yet. */
export const afterSaleWindowEnd = (receivedAt: number) => (receivedAt > 0 ? receivedAt + AFTERSALE_WINDOW_DAYS * DAY_S : 0);

export const AFTERSALE_NO_RE = /^AS\d{20}$/;

/**
 * How an after-sale's money is settled when the seller completes it (确认退款). Goods orders are
 * paid offline and may be shipped on credit (账期): on an order the seller has recorded as paid, the
 * amount goes back to the buyer by one of the payment methods; on an order not yet paid there is
 * no money to give back, so the amount comes off what the buyer owes (冲减货款): the order's amount
 * due and both sides' 应付 / 应收 drop by it. The server decides by the order's payment state at
 * completion, and refuses the other kind.
 */
export const DEDUCT_METHOD = '冲减货款';
/**
 * An order paid online (wallet or provider) is refunded with real money, back to where it came
 * from (docs/money.md, "Refunds"): from the held amount before the seller is paid out, from the
 * seller's wallet after it.
 */
export const ORIGINAL_METHOD = '原路退回';
export const REFUND_METHODS = [...PAY_METHODS, DEDUCT_METHOD, ORIGINAL_METHOD] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** How the order was paid, for its refunds: unpaid, recorded offline, or online. */
export type OrderPayKind = 'unpaid' | 'offline' | 'online';
const payKind = (p: boolean | OrderPayKind): OrderPayKind => (p === true ? 'offline' : p === false ? 'unpaid' : p);
/** The refund methods open for an order in this payment state. */
export const refundMethodsFor = (paid: boolean | OrderPayKind): readonly RefundMethod[] => {
  const k = payKind(paid);
  return k === 'online' ? [ORIGINAL_METHOD] : k === 'offline' ? PAY_METHODS : [DEDUCT_METHOD];
};
/** Why this method cannot settle an after-sale of an order in this payment state, or null. */
export const refundMethodRefusal = (method: RefundMethod, paid: boolean | OrderPayKind): string | null => {
  const k = payKind(paid);
  if (refundMethodsFor(k).includes(method)) return null;
  if (k === 'online') return '订单已在线付款，售后金额原路退回给买家，退款方式请选“原路退回”';
  return k === 'offline' ? '订单已登记收款，售后金额需线下退给买家，不能冲减货款'
    : '订单尚未登记收款，售后金额从应付货款中冲减，退款方式请选“冲减货款”；买家已付款的，请先在订单上登记收款';
};
