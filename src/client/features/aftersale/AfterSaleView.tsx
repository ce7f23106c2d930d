/** The body of an after-sale's page, the same for buyer, seller and operator: facts, lines, photos, history. */
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import type { AfterSaleDetail } from '../../../shared/contracts';
import {
  AFTERSALE_ACTION_TEXT, AFTERSALE_NEXT_STEP, AFTERSALE_STATUS_TEXT, type AfterSaleAction, type AfterSaleStatus,
} from '../../../shared/domain/aftersale';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { Price } from '../currency/Price';
import { AfterSaleStatusTag, AfterSaleTypeTag } from './AfterSaleStatusTag';
import '../orders/orders.css';
import './aftersale.css';

const at = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '');

export function AfterSaleView({ a, back, orderLink, company, actions }: {
  a: AfterSaleDetail;
  /** the link back to the list */
  back: ReactNode;
  orderLink: ReactNode;
  /** a company's name, or a link to it (operators) */
  company?: (id: number, name: string) => ReactNode;
  actions?: ReactNode;
}) {
  const name = company ?? ((_id: number, n: string) => n);
  return (
    <div className="order-detail aftersale-detail">
      <section className="card order-detail-head" aria-label="售后状态">
        <div>
          {back}
          <h2 className="orders-title">售后 {a.as_no}</h2>
          <span className="muted">申请时间 {at(a.created_at)} · 订单 {orderLink}</span>
        </div>
        <div className="order-detail-state">
          <AfterSaleTypeTag type={a.type} warrantyMonths={a.warranty_months} /> <AfterSaleStatusTag status={a.status} />
          <strong className="order-total">退款 <Price fen={a.refund_fen} /></strong>
        </div>
        <p className="aftersale-next" role="status">{AFTERSALE_NEXT_STEP[a.status]}</p>
        {actions && <div className="order-actions">{actions}</div>}
      </section>
      <div className="order-detail-grid">
        <section className="card" aria-label="售后信息">
          <h3>售后信息</h3>
          <dl className="order-facts">
            <dt>买家</dt><dd>{name(a.buyer_company_id, a.buyer_company_name)}（申请人 {a.buyer_user_name}）</dd>
            <dt>卖家</dt><dd>{name(a.seller_company_id, a.seller_company_name)}</dd>
            <dt>订单状态</dt><dd>{ORDER_STATUS_TEXT[a.order_status as OrderStatus] ?? a.order_status}</dd>
            <dt>售后原因</dt><dd>{a.reason}</dd>
            {a.warranty_months > 0 && <><dt>质保售后</dt><dd>超过普通售后期限，按卖家平台质保受理（收货后{a.warranty_months}个月内的质量问题）</dd></>}
            <dt>问题描述</dt><dd>{a.description || '—'}</dd>
            {a.logistics_no && <><dt>退货物流</dt><dd data-testid="aftersale-logistics">{a.logistics_company} {a.logistics_no}{a.returned_at > 0 && ` · 寄出 ${at(a.returned_at)}`}</dd></>}
            {a.received_at > 0 && <><dt>卖家收货</dt><dd>{at(a.received_at)}</dd></>}
            {a.refund_method && <><dt>退款</dt><dd>{a.refund_method}{a.refund_note && `（${a.refund_note}）`} · {at(a.completed_at)}</dd></>}
            {a.reject_reason && <><dt>拒绝原因</dt><dd>{a.reject_reason}</dd></>}
            {a.cancel_reason && <><dt>撤销原因</dt><dd>{a.cancel_reason}</dd></>}
            {a.close_reason && <><dt>平台关闭原因</dt><dd>{a.close_reason}</dd></>}
          </dl>
          {a.img_infos.length > 0 && (
            <div className="aftersale-images" aria-label="图片">
              {a.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt="售后图片" /></a>)}
            </div>
          )}
        </section>
        <section className="card" aria-label="处理记录">
          <h3>处理记录</h3>
          <ol className="order-events" data-testid="aftersale-events">
            {a.events.map((e, i) => (
              <li key={i}><span className="muted">{at(e.created_at)}</span> {e.company_name} {e.user_name} {AFTERSALE_ACTION_TEXT[e.action as AfterSaleAction | 'apply'] ?? e.action} → {AFTERSALE_STATUS_TEXT[e.to_status as AfterSaleStatus] ?? e.to_status}{e.note && <span className="muted">（{e.note}）</span>}</li>
            ))}
          </ol>
        </section>
      </div>
      <section className="card" aria-label="售后配件">
        <div className="table-scroll">
          <table className="orders-table">
            <thead>
              <tr><th>配件 / 品牌</th><th className="num" style={{ width: '6rem' }}>单价</th><th className="num" style={{ width: '4.5rem' }}>购买</th><th className="num" style={{ width: '4.5rem' }}>售后</th><th className="num" style={{ width: '6.5rem' }}>退款金额</th></tr>
            </thead>
            <tbody>
              {a.lines.map((l) => (
                <tr key={l.order_line_id} data-testid="aftersale-line">
                  <td className="orders-part">{l.supplier_oe} {l.name}<small className="muted" data-testid="line-brand">{l.brand_name || '—'}</small></td>
                  <td className="num"><Price fen={l.unit_price_fen} /></td>
                  <td className="num">{l.bought_qty} {l.uom_name}</td>
                  <td className="num">{l.qty} {l.uom_name}</td>
                  <td className="num"><Price fen={l.amount_fen} /></td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr><td colSpan={2}>共 {a.line_count} 种 {a.total_qty} 件</td><td colSpan={3} className="num">退款合计 <Price fen={a.refund_fen} /></td></tr></tfoot>
          </table>
        </div>
      </section>
    </div>
  );
}
