/**
 * What the message assistant (消息助手, 001 §9) says about an order, quote or audit event, and the
 * event's id that makes posting it twice store nothing new. The link is the page the client opens
 * from the notice.
 */
import { formatFen } from '../../../shared/domain/prices';
import type { Notice } from './im.service';

export type OrderNoticeAction = 'create' | 'confirm' | 'deliver' | 'reject' | 'cancel';

export interface OrderFacts {
  order_no: string; buyer_company_name: string; seller_company_name: string;
  line_count: number; total_qty: number; total_fen: number;
  reason?: string; logistics?: string;
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
