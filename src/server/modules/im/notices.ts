/**
 * What the message assistant (消息助手, 001 §9) says about an order, payment, receipt, quote, audit
 * or membership event, and the event's id that makes posting it twice store nothing new. The link
 * is the page the client opens from the notice (查看详情).
 */
import { formatFen } from '../../../shared/domain/prices';
import { formatChina } from '../../../shared/domain/membership';
import type { Notice } from './im.service';

export type OrderNoticeAction = 'create' | 'confirm' | 'deliver' | 'reject' | 'cancel' | 'pay' | 'receipt';

export interface OrderFacts {
  order_no: string; buyer_company_name: string; seller_company_name: string;
  line_count: number; total_qty: number; total_fen: number;
  reason?: string; logistics?: string; pay_method?: string;
}

const orderLink = (no: string) => `/backend/order/detail/${no}`;

export const orderNotice = (action: OrderNoticeAction, o: OrderFacts): { event: string; notice: Notice } => {
  const no = o.order_no;
  const say = (title: string, text: string) => ({ event: `ord-${no}-${action}`, notice: { title, text, no, link: orderLink(no) } });
  switch (action) {
    case 'create':
      return say('新订单', `新订单：${o.buyer_company_name}下单 ${o.line_count} 种配件共 ${o.total_qty} 件，合计 ¥${formatFen(o.total_fen)}，订单号 ${no}，请及时确认。`);
    case 'confirm':
      return say('订单已确认', `订单已确认：${o.seller_company_name}已确认您的订单 ${no}，合计 ¥${formatFen(o.total_fen)}。`);
    case 'deliver':
      return say('订单已发货', `订单已发货：${o.seller_company_name}已发出您的订单 ${no}${o.logistics ? `，物流 ${o.logistics}` : ''}。`);
    case 'reject':
      return say('订单已取消', `订单已取消：${o.seller_company_name}拒绝了您的订单 ${no}${o.reason ? `，原因：${o.reason}` : ''}。`);
    case 'cancel':
      return say('订单已取消', `订单已取消：${o.buyer_company_name}取消了订单 ${no}${o.reason ? `，原因：${o.reason}` : ''}。`);
    case 'pay':
      // goods orders are paid offline and the seller records it (登记线下收款): the buyer hears it was received
      return say('付款已确认', `付款已确认：${o.seller_company_name}已确认收到订单 ${no} 的付款 ¥${formatFen(o.total_fen)}${o.pay_method ? `（${o.pay_method}）` : ''}。`);
    case 'receipt':
      return say('买家已确认收货', `买家已确认收货：${o.buyer_company_name}已确认收到订单 ${no} 的货物。`);
  }
};

export const quoteNotice = (q: { quote_id: number; at: number; enquiry_id: number; enquiry_no: string; part: string; seller_name: string; price: string }): { event: string; notice: Notice } => ({
  event: `quo-${q.quote_id}-${q.at}`,
  notice: {
    title: '收到报价', no: q.enquiry_no, link: `/enquiry/list/${q.enquiry_id}`,
    text: `收到报价：您的询价单 ${q.enquiry_no}（${q.part}）收到${q.seller_name}的报价 ${q.price}。`,
  },
});

export const auditNotice = (a: { application_id: number; approved: boolean; reason?: string }): { event: string; notice: Notice } => ({
  event: `apply-${a.application_id}-${a.approved ? 'approved' : 'rejected'}`,
  notice: a.approved
    ? { title: '企业审核通过', no: '', link: '/apply/seller', text: '企业审核通过：您的卖家入驻申请已通过审核，现在可以发布库存、接收询价和订单。' }
    : { title: '企业审核未通过', no: '', link: '/apply/seller', text: `企业审核未通过：您的卖家入驻申请被驳回，原因：${a.reason ?? ''}。修改后可重新申请。` },
});

const day = (d: Date) => formatChina(Math.floor(d.getTime() / 1000), 'YYYY-MM-DD');
const PACKAGES_PAGE = '/pay/package';

/** A membership package paid (the payment notice applied): the company's level and its new end. */
export const packagePaidNotice = (p: { order_no: string; level_name: string; amount_fen: number; level_end: Date }): { event: string; notice: Notice } => ({
  event: `pkg-${p.order_no}-paid`,
  notice: {
    title: '会员套餐已支付', no: p.order_no, link: `${PACKAGES_PAGE}/order?order_no=${p.order_no}`,
    text: `会员套餐已支付：订单 ${p.order_no}（${p.level_name}）已付款 ¥${formatFen(p.amount_fen)}，会员有效期至 ${day(p.level_end)}。`,
  },
});

/** An operator gave the company a paid level (operation → company → 等级): once per level and end date. */
export const membershipGrantedNotice = (g: { company_id: number; level_id: number; level_name: string; level_end: Date | null }): { event: string; notice: Notice } => ({
  event: `mem-${g.company_id}-granted-${g.level_id}-${g.level_end ? Math.floor(g.level_end.getTime() / 1000) : 'none'}`,
  notice: {
    title: '会员已开通', no: '', link: PACKAGES_PAGE,
    text: `会员已开通：平台已为贵公司开通${g.level_name}${g.level_end ? `，有效期至 ${day(g.level_end)}` : '，长期有效'}。`,
  },
});

/** The hourly check (membership-watch.ts): the paid level ends within a week, or has ended. */
export const membershipExpiryNotice = (e: { company_id: number; kind: 'expiring' | 'expired'; level_name: string; level_end: Date; days_left: number }): { event: string; notice: Notice } => ({
  event: `mem-${e.company_id}-${e.kind}-${Math.floor(e.level_end.getTime() / 1000)}`,
  notice: e.kind === 'expiring'
    ? {
      title: '会员即将到期', no: '', link: PACKAGES_PAGE,
      text: `会员即将到期：贵公司的${e.level_name}将于 ${day(e.level_end)} 到期（${e.days_left === 1 ? '今天到期' : `剩余${e.days_left}天`}），请及时续费。`,
    }
    : {
      title: '会员已到期', no: '', link: PACKAGES_PAGE,
      text: `会员已到期：贵公司的${e.level_name}已于 ${day(e.level_end)} 到期，请续费以继续享有正式会员权益。`,
    },
});

/** The platform changed, emptied or ended a trade circle (operation → company → 商圈管理): the reason, for its owner. */
export const circleNotice = (c: { circle_id: number; at: Date; kind: 'updated' | 'removed' | 'dissolved'; company_id?: number; text: string }): { event: string; notice: Notice } => ({
  event: `circle-${c.circle_id}-${c.kind}${c.company_id ? `-${c.company_id}` : ''}-${c.at.getTime()}`,
  notice: {
    title: c.kind === 'dissolved' ? '商圈已被平台解散' : c.kind === 'removed' ? '商圈成员已被平台移出' : '商圈资料已被平台修改',
    no: '', link: '/trade/list',
    text: c.text,
  },
});
