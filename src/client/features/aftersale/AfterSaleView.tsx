/** The body of an after-sale's page, the same for buyer, seller and operator: facts, lines, photos, history. */
import type { ReactNode } from 'react';
import type { AfterSaleDetail } from '../../../shared/contracts';
import {
  AFTERSALE_ACTION_TEXT, AFTERSALE_NEXT_STEP, AFTERSALE_STATUS_TEXT, type AfterSaleAction, type AfterSaleStatus,
} from '../../../shared/domain/aftersale';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { Price } from '../currency/Price';
import { AfterSaleStatusTag, AfterSaleTypeTag } from './AfterSaleStatusTag';
import '../orders/orders.css';
import { useLang, useT } from '../../i18n/lang';
import { formatMoment as orderTime, formatNumber } from '../../i18n/format';
import { dataSlot, withData, withNodes } from '../../i18n/with-data';
import { reasonText } from './reason';
import './aftersale.css';

export function AfterSaleView({ a, back, orderLink, company, actions }: {
  a: AfterSaleDetail;
  /** the link back to the list */
  back: ReactNode;
  orderLink: ReactNode;
  /** a company's name, or a link to it (operators) */
  company?: (id: number, name: string) => ReactNode;
  actions?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const at = (s: number) => orderTime(lang, s);
  const num = (n: number) => formatNumber(lang, n);
  const name = company ?? ((_id: number, n: string) => n);
  return (
    <div className="order-detail aftersale-detail">
      <section className="card order-detail-head" aria-label={t('售后状态')}>
        <div>
          {back}
          <h2 className="orders-title">{t('售后 {{no}}', { no: a.as_no })}</h2>
          <span className="muted">{withNodes(t('申请时间 {{at}} · 订单 {{order}}', { at: at(a.created_at), order: dataSlot(0) }), [orderLink])}</span>
        </div>
        <div className="order-detail-state">
          <AfterSaleTypeTag type={a.type} warrantyMonths={a.warranty_months} /> <AfterSaleStatusTag status={a.status} />
          <strong className="order-total">{t('退款')} <Price fen={a.refund_fen} /></strong>
        </div>
        <p className="aftersale-next" role="status">{t(AFTERSALE_NEXT_STEP[a.status])}</p>
        {actions && <div className="order-actions">{actions}</div>}
      </section>
      <div className="order-detail-grid">
        <section className="card" aria-label={t('售后信息')}>
          <h3>{t('售后信息')}</h3>
          <dl className="order-facts">
            <dt>{t('买家')}</dt><dd>{withData(t('{{company}}（申请人 {{name}}）', { company: dataSlot(0), name: dataSlot(1) }), [name(a.buyer_company_id, a.buyer_company_name), a.buyer_user_name])}</dd>
            <dt>{t('卖家')}</dt><dd data-user-text>{name(a.seller_company_id, a.seller_company_name)}</dd>
            <dt>{t('订单状态')}</dt><dd>{ORDER_STATUS_TEXT[a.order_status as OrderStatus] ? t(ORDER_STATUS_TEXT[a.order_status as OrderStatus]) : a.order_status}</dd>
            <dt>{t('售后原因')}</dt><dd>{reasonText(t, a.reason)}</dd>
            {a.warranty_months > 0 && <><dt>{t('质保售后')}</dt><dd>{t('超过普通售后期限，按卖家平台质保受理（收货后{{n}}个月内的质量问题）', { n: a.warranty_months })}</dd></>}
            <dt>{t('问题描述')}</dt><dd data-user-text>{a.description || '—'}</dd>
            {a.logistics_no && <><dt>{t('退货物流')}</dt><dd data-testid="aftersale-logistics"><span data-user-text>{a.logistics_company} {a.logistics_no}</span>{a.returned_at > 0 && ` · ${t('寄出 {{at}}', { at: at(a.returned_at) })}`}</dd></>}
            {a.received_at > 0 && <><dt>{t('卖家收货')}</dt><dd>{at(a.received_at)}</dd></>}
            {a.refund_method && <><dt>{t('退款')}</dt><dd><span data-user-text>{a.refund_method}{a.refund_note && `（${a.refund_note}）`}</span> · {at(a.completed_at)}</dd></>}
            {a.reject_reason && <><dt>{t('拒绝原因')}</dt><dd data-user-text>{a.reject_reason}</dd></>}
            {a.cancel_reason && <><dt>{t('撤销原因')}</dt><dd data-user-text>{a.cancel_reason}</dd></>}
            {a.close_reason && <><dt>{t('平台关闭原因')}</dt><dd data-user-text>{a.close_reason}</dd></>}
          </dl>
          {a.img_infos.length > 0 && (
            <div className="aftersale-images" aria-label={t('图片')}>
              {a.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt={t('售后图片')} /></a>)}
            </div>
          )}
        </section>
        <section className="card" aria-label={t('处理记录')}>
          <h3>{t('处理记录')}</h3>
          <ol className="order-events" data-testid="aftersale-events">
            {a.events.map((e, i) => (
              <li key={i}><span className="muted">{at(e.created_at)}</span> <span data-user-text>{e.company_name} {e.user_name}</span> {AFTERSALE_ACTION_TEXT[e.action as AfterSaleAction | 'apply'] ? t(AFTERSALE_ACTION_TEXT[e.action as AfterSaleAction | 'apply']) : e.action} → {AFTERSALE_STATUS_TEXT[e.to_status as AfterSaleStatus] ? t(AFTERSALE_STATUS_TEXT[e.to_status as AfterSaleStatus]) : e.to_status}{e.note && <span className="muted">{withData(t('（{{note}}）', { note: dataSlot(0) }), [e.note])}</span>}</li>
            ))}
          </ol>
        </section>
      </div>
      <section className="card" aria-label={t('售后配件')}>
        <div className="table-scroll">
          <table className="orders-table">
            <thead>
              <tr><th>{t('配件 / 品牌')}</th><th className="num" style={{ width: '6rem' }}>{t('单价')}</th><th className="num" style={{ width: '4.5rem' }}>{t('购买')}</th><th className="num" style={{ width: '4.5rem' }}>{t('售后')}</th><th className="num" style={{ width: '6.5rem' }}>{t('退款金额')}</th></tr>
            </thead>
            <tbody>
              {a.lines.map((l) => (
                <tr key={l.order_line_id} data-testid="aftersale-line">
                  <td className="orders-part" data-user-text>{l.supplier_oe} {l.name}<small className="muted" data-testid="line-brand">{l.brand_name || '—'}</small></td>
                  <td className="num"><Price fen={l.unit_price_fen} /></td>
                  <td className="num">{num(l.bought_qty)} <span data-user-text>{l.uom_name}</span></td>
                  <td className="num">{num(l.qty)} <span data-user-text>{l.uom_name}</span></td>
                  <td className="num"><Price fen={l.amount_fen} /></td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr><td colSpan={2}>{t('共 {{kinds}} 种 {{qty}} 件', { kinds: num(a.line_count), qty: num(a.total_qty) })}</td><td colSpan={3} className="num">{t('退款合计')} <Price fen={a.refund_fen} /></td></tr></tfoot>
          </table>
        </div>
      </section>
    </div>
  );
}
