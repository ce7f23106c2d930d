/**
 * What the message assistant (消息助手, requirements 001-9) says about an order, payment, receipt, quote, audit
 * or membership event, and the event's id that makes posting it twice store nothing new. The link
 * is the page the client opens from the notice (查看详情). The words are the scene's template
 * (shared/domain/notice-templates.ts, edited by operators), filled with these values when posted.
 */
import { formatFen } from '../../../shared/domain/prices';
import { formatChina } from '../../../shared/domain/china-time';
import type { Notice } from './im.service';
import type { NoticeSceneKey } from '../../../shared/domain/notice-templates';

export type OrderNoticeAction = 'create' | 'confirm' | 'deliver' | 'reject' | 'expire' | 'cancel' | 'pay' | 'receipt';

export interface OrderFacts {
  order_no: string; buyer_company_name: string; seller_company_name: string;
  line_count: number; total_qty: number; total_fen: number;
  reason?: string; logistics?: string; pay_method?: string;
}

const orderLink = (no: string) => `/backend/order/detail/${no}`;

export const orderNotice = (action: OrderNoticeAction, o: OrderFacts): { event: string; notice: Notice } => {
  const no = o.order_no;
  // the Chinese template's values, and the facts for a reader of another language (im.service.ts, Notice)
  const say = (title: string, scene: NoticeSceneKey, values: Record<string, string>, facts: Record<string, string> = values) =>
    ({ event: `ord-${no}-${action}`, notice: { title, scene, values: { order_no: no, ...values }, facts: { order_no: no, ...facts }, no, link: orderLink(no) } });
  const amount = formatFen(o.total_fen);
  const fen = String(o.total_fen);
  const reason = o.reason ? `，原因：${o.reason}` : '';
  switch (action) {
    case 'create':
      return say('新订单', 'im_order_create', { buyer: o.buyer_company_name, lines: String(o.line_count), qty: String(o.total_qty), amount },
        { buyer: o.buyer_company_name, lines: String(o.line_count), qty: String(o.total_qty), amount: fen });
    case 'confirm':
      return say('订单已确认', 'im_order_confirm', { seller: o.seller_company_name, amount }, { seller: o.seller_company_name, amount: fen });
    case 'deliver':
      return say('订单已发货', 'im_order_deliver', { seller: o.seller_company_name, logistics: o.logistics ? `，物流 ${o.logistics}` : '' },
        { seller: o.seller_company_name, logistics: o.logistics ?? '' });
    case 'reject':
      return say('订单已取消', 'im_order_reject', { seller: o.seller_company_name, reason }, { seller: o.seller_company_name, reason: o.reason ?? '' });
    case 'expire':
      // a spot order the seller did not confirm in time, cancelled by the platform (docs/spot-goods.md)
      return say('订单已取消', 'im_order_expire', { seller: o.seller_company_name, reason }, { seller: o.seller_company_name, reason: o.reason ?? '' });
    case 'cancel':
      return say('订单已取消', 'im_order_cancel', { buyer: o.buyer_company_name, reason }, { buyer: o.buyer_company_name, reason: o.reason ?? '' });
    case 'pay':
      // goods orders are paid offline and the seller records it (登记线下收款): the buyer hears it was received
      return say('付款已确认', 'im_order_pay', { seller: o.seller_company_name, amount, pay_method: o.pay_method ? `（${o.pay_method}）` : '' },
        { seller: o.seller_company_name, amount: fen, pay_method: o.pay_method ?? '' });
    case 'receipt':
      return say('买家已确认收货', 'im_order_receipt', { buyer: o.buyer_company_name });
  }
};

/**
 * An order paid online (wallet or provider, docs/money.md "Paying orders"), for the seller: once per
 * order and payment, posted in the payment's transaction.
 */
export const orderPaidOnlineNotice = (p: { order_no: string; payment_no: string; buyer_company_name: string; amount_fen: number; pay_method: string }): { event: string; notice: Notice } => ({
  event: `ord-${p.order_no}-paid-${p.payment_no}`,
  notice: {
    title: '买家已付款', no: p.order_no, link: orderLink(p.order_no),
    scene: 'im_order_paid_online', values: { order_no: p.order_no, buyer: p.buyer_company_name, amount: formatFen(p.amount_fen), pay_method: p.pay_method },
    facts: { order_no: p.order_no, buyer: p.buyer_company_name, amount: String(p.amount_fen), pay_method: p.pay_method },
  },
});

/** A quote received: `price` as quotedText writes it; `fen` the yuan price (negative: no stock), `dong` the dong quoted when it was quoted in dong. */
export const quoteNotice = (q: {
  quote_id: number; at: number; enquiry_id: number; enquiry_no: string; part: string; seller_name: string; price: string; fen: number; dong: number | null;
}): { event: string; notice: Notice } => ({
  event: `quo-${q.quote_id}-${q.at}`,
  notice: {
    title: '收到报价', no: q.enquiry_no, link: `/enquiry/list/${q.enquiry_id}`,
    scene: 'im_quote', values: { enquiry_no: q.enquiry_no, part: q.part, seller: q.seller_name, price: q.price },
    facts: { enquiry_no: q.enquiry_no, part: q.part, seller: q.seller_name, price: String(q.fen), dong: q.dong === null ? '' : String(q.dong) },
  },
});

export const auditNotice = (a: { application_id: number; approved: boolean; reason?: string }): { event: string; notice: Notice } => ({
  event: `apply-${a.application_id}-${a.approved ? 'approved' : 'rejected'}`,
  notice: a.approved
    ? { title: '企业审核通过', no: '', link: '/apply/seller', scene: 'im_audit_approved', values: {}, facts: {} }
    : { title: '企业审核未通过', no: '', link: '/apply/seller', scene: 'im_audit_rejected', values: { reason: a.reason ?? '' }, facts: { reason: a.reason ?? '' } },
});

const day = (d: Date) => formatChina(Math.floor(d.getTime() / 1000), 'YYYY-MM-DD');
const PACKAGES_PAGE = '/pay/package';

/** A membership package paid (the payment notice applied): the company's level and its new end. */
export const packagePaidNotice = (p: { order_no: string; level_name: string; amount_fen: number; level_end: Date }): { event: string; notice: Notice } => ({
  event: `pkg-${p.order_no}-paid`,
  notice: {
    title: '会员套餐已支付', no: p.order_no, link: `${PACKAGES_PAGE}/order?order_no=${p.order_no}`,
    scene: 'im_package_paid', values: { order_no: p.order_no, level: p.level_name, amount: formatFen(p.amount_fen), end_day: day(p.level_end) },
    facts: { order_no: p.order_no, level: p.level_name, amount: String(p.amount_fen), end_day: day(p.level_end) },
  },
});

/** An operator gave the company a paid level (operation → company → 等级): once per level and end date. */
export const membershipGrantedNotice = (g: { company_id: number; level_id: number; level_name: string; level_end: Date | null }): { event: string; notice: Notice } => ({
  event: `mem-${g.company_id}-granted-${g.level_id}-${g.level_end ? Math.floor(g.level_end.getTime() / 1000) : 'none'}`,
  notice: {
    title: '会员已开通', no: '', link: PACKAGES_PAGE,
    scene: 'im_membership_granted', values: { level: g.level_name, until: g.level_end ? `，有效期至 ${day(g.level_end)}` : '，长期有效' },
    facts: { level: g.level_name, until: g.level_end ? day(g.level_end) : '' },
  },
});

/** The hourly check (membership-watch.ts): the paid level ends within a week, or has ended. */
export const membershipExpiryNotice = (e: { company_id: number; kind: 'expiring' | 'expired'; level_name: string; level_end: Date; days_left: number }): { event: string; notice: Notice } => ({
  event: `mem-${e.company_id}-${e.kind}-${Math.floor(e.level_end.getTime() / 1000)}`,
  notice: e.kind === 'expiring'
    ? {
      title: '会员即将到期', no: '', link: PACKAGES_PAGE,
      scene: 'im_membership_expiring', values: { level: e.level_name, end_day: day(e.level_end), left: e.days_left === 1 ? '今天到期' : `剩余${e.days_left}天` },
      facts: { level: e.level_name, end_day: day(e.level_end), left: String(e.days_left) },
    }
    : {
      title: '会员已到期', no: '', link: PACKAGES_PAGE,
      scene: 'im_membership_expired', values: { level: e.level_name, end_day: day(e.level_end) }, facts: { level: e.level_name, end_day: day(e.level_end) },
    },
});

/** The platform changed, emptied or ended a trade circle (operation → company → 商圈管理): the reason, for its owner. */
export const circleNotice = (c: {
  circle_id: number; at: Date; kind: 'updated' | 'removed' | 'dissolved'; company_id?: number;
  scene: 'im_circle_updated' | 'im_circle_member_removed' | 'im_circle_removed_member' | 'im_circle_dissolved'; values: Record<string, string>;
  facts: Record<string, string>;
}): { event: string; notice: Notice } => ({
  event: `circle-${c.circle_id}-${c.kind}${c.company_id ? `-${c.company_id}` : ''}-${c.at.getTime()}`,
  notice: {
    title: c.kind === 'dissolved' ? '商圈已被平台解散' : c.kind === 'removed' ? '商圈成员已被平台移出' : '商圈资料已被平台修改',
    no: '', link: '/trade/list',
    scene: c.scene, values: c.values, facts: c.facts,
  },
});

export type AfterSaleNoticeAction = 'apply' | 'agree' | 'reject' | 'cancel' | 'deliver' | 'receipt' | 'complete' | 'close';

export interface AfterSaleFacts {
  as_no: string; order_no: string; type: 'refund' | 'return'; reason: string; buyer_company_name: string; seller_company_name: string;
  total_qty: number; refund_fen: number;
  /** the move's own fact: a reject / cancel / close reason, the waybill, the refund method */
  note?: string;
  /** a completed after-sale's refund method (one of REFUND_METHODS) and the seller's note on it, apart */
  refund_method?: string | null; refund_note?: string | null;
}

/** The after-sale's page on the back office (both sides open the same address). */
export const afterSaleLink = (asNo: string) => `/backend/service/afterSale/detail/${asNo}`;

export const afterSaleNotice = (action: AfterSaleNoticeAction, a: AfterSaleFacts): { event: string; notice: Notice } => {
  const no = a.as_no;
  const type = a.type === 'return' ? '退货退款' : '仅退款';
  // the Chinese template's values, and the facts for a reader of another language (im.service.ts, Notice)
  const say = (title: string, scene: NoticeSceneKey, values: Record<string, string>, facts: Record<string, string> = values) =>
    ({ event: `as-${no}-${action}`, notice: { title, scene, values: { as_no: no, ...values }, facts: { as_no: no, ...facts }, no, link: afterSaleLink(no) } });
  const note = a.note ?? '';
  switch (action) {
    case 'apply':
      return say('新售后申请', 'im_aftersale_apply', { buyer: a.buyer_company_name, order_no: a.order_no, type, reason: a.reason, qty: String(a.total_qty), amount: formatFen(a.refund_fen) },
        { buyer: a.buyer_company_name, order_no: a.order_no, type: a.type, reason: a.reason, qty: String(a.total_qty), amount: String(a.refund_fen) });
    case 'agree':
      return say('售后已同意', 'im_aftersale_agree', { seller: a.seller_company_name, type, next: a.type === 'return' ? '，请寄回配件并填写物流单号' : '，等待卖家退款' },
        { seller: a.seller_company_name, type: a.type });
    case 'reject':
      return say('售后被拒绝', 'im_aftersale_reject', { seller: a.seller_company_name, reason: note });
    case 'cancel':
      return say('售后已撤销', 'im_aftersale_cancel', { buyer: a.buyer_company_name, reason: a.note ? `，原因：${a.note}` : '' }, { buyer: a.buyer_company_name, reason: note });
    case 'deliver':
      return say('买家已退货', 'im_aftersale_deliver', { buyer: a.buyer_company_name, logistics: a.note ? `，物流 ${a.note}` : '' }, { buyer: a.buyer_company_name, logistics: note });
    case 'receipt':
      return say('卖家已收到退货', 'im_aftersale_receipt', { seller: a.seller_company_name });
    case 'complete':
      return say('售后已完成', 'im_aftersale_complete', { seller: a.seller_company_name, amount: formatFen(a.refund_fen), refund_method: a.note ? `（${a.note}）` : '' },
        // the method and the note apart: the method is a fixed word a reader of another language
        // reads translated, the note is the seller's own words (docs/i18n.md, notices)
        { seller: a.seller_company_name, amount: String(a.refund_fen), refund_method: a.refund_method || note, refund_note: a.refund_method ? (a.refund_note ?? '') : '' });
    case 'close':
      return say('售后已被平台关闭', 'im_aftersale_close', { order_no: a.order_no, reason: note });
  }
};
