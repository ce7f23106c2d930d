/**
 * 付款 (/ofo/purchase/payment, docs/money.md "Paying orders"): the phone's page to pay one or
 * several unpaid orders of the company in one payment, from the wallet or through the provider.
 * ?order_no=SO… ticks that order first; ?payment=OP… is where the provider's checkout returns:
 * the payment's outcome and its orders.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import type { OrderPayment } from '../../../shared/contracts';
import { amountDueFen, ONLINE_PAYABLE_STATUSES } from '../../../shared/domain/orders';
import { Price } from '../currency/Price';
import { MobilePage } from '../mobile/MobilePage';
import { orderListQuery, paymentQuery } from './queries';
import { PayPanel } from './PayPanel';
import { StatusTag } from './StatusTag';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withNodes } from '../../i18n/with-data';
import './orders.css';

const STATE_TEXT: Record<OrderPayment['state'], string> = { pending: mark('待支付'), paid: mark('已付款'), cancelled: mark('已取消') };

function PaymentOutcome({ p }: { p: OrderPayment }) {
  const t = useT();
  return (
    <section className="m-card" aria-label={t('付款结果')} data-testid="payment-outcome">
      <dl className="m-facts">
        <dt>{t('付款单')}</dt><dd>{p.payment_no}</dd>
        <dt>{t('金额')}</dt><dd><span className="m-price"><Price fen={p.amount_fen} /></span></dd>
        <dt>{t('方式')}</dt><dd>{p.method === 'wallet' ? t('钱包余额') : t('在线支付')}</dd>
        <dt>{t('状态')}</dt><dd data-testid="payment-state">{t(STATE_TEXT[p.state])}</dd>
      </dl>
      <ul className="order-pay-list">
        {p.orders.map((o) => (
          <li key={o.order_no}>
            <Link to="/ofo/purchase/orderDetail" search={{ order_no: o.order_no }}>{o.order_no}</Link> <span data-user-text>{o.seller_company_name}</span> <Price fen={o.amount_fen} />
            {p.state === 'paid' && !o.paid && <small className="m-muted">{t('（已由其他付款支付，本笔已原路退回）')}</small>}
          </li>
        ))}
      </ul>
      {p.state === 'pending' && <p className="m-note">{t('支付结果确认中，请稍后刷新。')}</p>}
      <p><Link to="/ofo/purchase/payment" search={{}} className="m-link">{t('继续付款其他订单')}</Link></p>
    </section>
  );
}

export function MobilePayOrders({ orderNo, paymentNo }: { orderNo?: string; paymentNo?: string }) {
  const t = useT();
  const payment = useQuery({ ...paymentQuery(paymentNo ?? ''), enabled: !!paymentNo });
  const owing = useQuery({ ...orderListQuery({ side: 'purchase', pay_status: 'unpaid', page_size: 200 }), enabled: !paymentNo });
  const [picked, setPicked] = useState<string[] | null>(null);
  const [done, setDone] = useState<OrderPayment | null>(null);
  if (paymentNo || done) {
    const p = done ?? payment.data;
    return (
      <MobilePage title={t('付款结果')} back="/ofo/purchase/order">
        {p ? <PaymentOutcome p={p} /> : payment.isError ? <p className="m-alert" role="alert"><Refusal text={payment.error.message} /></p> : <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}
      </MobilePage>
    );
  }
  const list = (owing.data?.data ?? []).filter((o) => ONLINE_PAYABLE_STATUSES.includes(o.status) && amountDueFen(o) > 0);
  const chosen = picked ?? list.filter((o) => !orderNo || o.order_no === orderNo).map((o) => o.order_no);
  const total = list.filter((o) => chosen.includes(o.order_no)).reduce((s, o) => s + amountDueFen(o), 0);
  const toggle = (no: string) => setPicked(chosen.includes(no) ? chosen.filter((x) => x !== no) : [...chosen, no]);
  return (
    <MobilePage title={t('待付款')} back="/ofo/purchase/order">
      <p className="m-note">{t('勾选要付款的订单，一次付清；款项由平台暂管，确认收货后结算给卖家。')}</p>
      {owing.isError && !owing.data && <p className="m-alert" role="alert"><Refusal text={owing.error.message} /></p>}
      {owing.data && list.length === 0 && <div className="m-card m-empty"><i className="pi pi-check-circle" />{t('没有待付款的订单')} <Link to="/ofo/purchase/order" className="m-link">{t('查看采购订单')}</Link></div>}
      {list.map((o) => (
        <article key={o.order_no} className="m-card m-order" data-testid="payment-order">
          <label className="m-order-head order-pay-pick">
            <Checkbox inputId={`pick-${o.order_no}`} checked={chosen.includes(o.order_no)} onChange={() => toggle(o.order_no)} aria-label={t('选择 {{row}}', { row: o.order_no })} />
            <strong style={{ minWidth: 0, flex: 1 }} data-user-text>{o.seller_company_name}</strong><StatusTag status={o.status} />
          </label>
          <div className="m-spread">
            <span className="m-muted">{o.order_no}</span>
            <span data-testid="payment-amount"><span className="m-price"><Price fen={amountDueFen(o)} /></span>
              {o.deducted_fen > 0 && <small className="m-muted">{withNodes(t('（订单 {{total}}，售后冲减 {{deducted}}）', { total: dataSlot(0), deducted: dataSlot(1) }), [<Price key="t" fen={o.total_fen} />, <Price key="d" fen={o.deducted_fen} />])}</small>}</span>
          </div>
        </article>
      ))}
      {list.length > 0 && (
        <section className="m-card" aria-label={t('付款')}>
          {chosen.length === 0 ? <p className="m-note">{t('请勾选要付款的订单')}</p>
            : <PayPanel key={chosen.join(',')} orderNos={chosen} amountFen={total} onPaid={setDone} />}
        </section>
      )}
    </MobilePage>
  );
}
