import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { orderListQuery } from './queries';
import { PayTag, StatusTag } from './StatusTag';
import { PayDialog } from './PayPanel';
import { ONLINE_PAYABLE_STATUSES } from '../../../shared/domain/orders';
import { useT } from '../../i18n/lang';
import './orders.css';

/** 提交成功 (/cart/order/complete?checkout=CO…): the orders of one submit, one per seller, with links. */
export function CheckoutCompletePage({ checkoutNo }: { checkoutNo: string }) {
  const t = useT();
  const q = useQuery(orderListQuery({ side: 'purchase', order_no: checkoutNo, page_size: 200 }));
  const [paying, setPaying] = useState(false);
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载…')}</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看订单') : q.error.message}</div>;
  const orders = q.data.data.filter((o) => o.checkout_no === checkoutNo);
  if (orders.length === 0) return <div className="card" role="alert">{t('没有找到这次提交的订单')} <Link to="/backend/order/purchase">{t('查看我的订单')}</Link></div>;
  const total = orders.reduce((s, o) => s + o.total_fen, 0);
  // 付款 (docs/money.md, "Paying orders"): every unpaid order of this submit in one payment
  const unpaid = orders.filter((o) => o.pay_status === 'unpaid' && ONLINE_PAYABLE_STATUSES.includes(o.status));
  const unpaidFen = unpaid.reduce((s, o) => s + o.total_fen - o.deducted_fen, 0);
  return (
    <section className="card checkout-complete" aria-label={t('提交成功')}>
      <i className="pi pi-check-circle" />
      <h2>{t('订单已提交，等待卖家确认')}</h2>
      <p className="muted">{t('共')} {orders.length} {t('个订单，应付总额')} <Price fen={total} />{t('。现在可用钱包余额或在线支付付款，款项由平台暂管，确认收货后结算给卖家；也可与卖家约定线下付款。')}</p>
      {unpaid.length > 0 && <p><Button type="button" icon="pi pi-wallet" label={t('立即付款（{{length}} 个订单）', { length: unpaid.length })} onClick={() => setPaying(true)} /></p>}
      {paying && <PayDialog orderNos={unpaid.map((o) => o.order_no)} amountFen={unpaidFen} onHide={() => setPaying(false)} />}
      <table className="orders-table" style={{ maxWidth: '52rem', margin: '0 auto' }}>
        <thead><tr><th>{t('订单号')}</th><th>{t('卖家')}</th><th className="num">{t('金额')}</th><th>{t('状态')}</th><th>{t('付款')}</th></tr></thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.order_no} data-testid="complete-order">
              <td><Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>{o.order_no}</Link></td>
              <td>{o.seller_company_name}</td>
              <td className="num"><Price fen={o.total_fen} /></td>
              <td><StatusTag status={o.status} /></td>
              <td><PayTag pay={o.pay_status} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p><Link to="/backend/order/purchase">{t('查看我的订单')}</Link> · <Link to="/search">{t('继续采购')}</Link></p>
    </section>
  );
}
