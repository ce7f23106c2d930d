/**
 * 越南商城 (/backend/overseas/vietnamMall, M11; docs/overseas.md "The Vietnam mall"): the seller's
 * overview: today's rate, what it offers, and the orders of Vietnamese buyers in Chinese with both
 * amounts (人民币 and 越南盾), the rate each order froze and the delivery term the buyer chose.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ORDER_STATUS_TEXT } from '../../../shared/domain/orders';
import { DELIVERY_TERM_ZH, dongText } from '../../../shared/domain/vn-mall';
import { vnOverviewQuery } from './queries';
import { RateLine } from './RateLine';
import './vnmall.css';

/** 付款: unpaid, or paid from the dong wallet with both amounts and the payment's rate (docs/money.md "Paying a mall order in dong") */
const payCell = (o: { pay_status: string; paid_dong: number; paid_fen: number; pay_rate: number; pay_rate_day: string; refunded_dong: number }) =>
  o.pay_status !== 'paid' ? '未付款'
    : o.paid_dong > 0 ? <>{dongText(o.paid_dong)} → {yuan(o.paid_fen)}<div className="muted">越南盾钱包 · 汇率 {o.pay_rate}{o.refunded_dong > 0 ? ` · 已退 ${dongText(o.refunded_dong)}` : ''}</div></> : '已付款';

export function VietnamMallPage() {
  const [page, setPage] = useState(1);
  const q = useQuery(vnOverviewQuery({ page_number: page, page_size: 50 }));
  const d = q.data;
  return (
    <div className="vn-mall-overview">
      <h1>越南商城</h1>
      {q.isError && <p className="field-error" role="alert">{q.error.message}</p>}
      {d && (
        <>
          <RateLine rate={d.rate} />
          <div className="vn-cards">
            <div className="vn-card"><span>上架在售的行</span><strong data-testid="vn-offered">{d.offered_rows}</strong></div>
            <div className="vn-card"><span>上架规则</span><strong>{d.rule_count}</strong></div>
            <div className="vn-card"><span>被平台移出</span><strong>{d.removed_rows}</strong></div>
            <div className="vn-card"><span>越南订单</span><strong>{d.order_total}</strong></div>
          </div>
          <p><Link to="/backend/overseas/vnSelector">去选品：上架库存或设置规则 →</Link></p>
          <h2>越南买家的订单</h2>
          {d.orders.length === 0 ? (
            <p className="muted">还没有越南买家的订单。{d.offered_rows === 0 ? '先到“越南商城选品”上架库存，越南买家才能看到并购买。' : '越南买家下单后会出现在这里，也会出现在销售订单中。'}</p>
          ) : (
            <div className="vn-table-wrap">
              <table className="vn-table">
                <thead>
                  <tr><th>订单号</th><th>买家</th><th>状态</th><th>货款（人民币）</th><th>货款 / 服务费（越南盾）</th><th>应付（越南盾）</th><th>下单汇率</th><th>付款</th><th>交货方式</th><th>下单时间</th></tr>
                </thead>
                <tbody>
                  {d.orders.map((o) => (
                    <tr key={o.order_no}>
                      <td><Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>{o.order_no}</Link></td>
                      <td>{o.buyer_company_name}</td>
                      <td className="vn-nowrap">{ORDER_STATUS_TEXT[o.status as keyof typeof ORDER_STATUS_TEXT] ?? o.status}</td>
                      <td className="num">{yuan(o.goods_fen)}</td>
                      <td className="num">{dongText(o.goods_dong)}<div className="muted">{dongText(o.service_dong)}</div></td>
                      <td className="num"><strong>{dongText(o.total_dong)}</strong></td>
                      <td className="num">{o.rate}（{o.rate_day}）</td>
                      <td className="vn-pay-cell" data-testid="vn-order-pay">{payCell(o)}</td>
                      <td className="vn-nowrap">{DELIVERY_TERM_ZH[o.delivery_term]}</td>
                      <td>{formatChina(o.created_at, 'YYYY-MM-DD HH:mm')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {d.order_total > d.orders.length && (
            <p className="vn-pager">
              <button type="button" className="linklike" disabled={page === 1} onClick={() => setPage(page - 1)}>上一页</button>
              <span>第 {page} 页</span>
              <button type="button" className="linklike" disabled={page * 50 >= d.order_total} onClick={() => setPage(page + 1)}>下一页</button>
            </p>
          )}
        </>
      )}
    </div>
  );
}
