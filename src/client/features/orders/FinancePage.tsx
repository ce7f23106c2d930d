import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Finance } from '../../../shared/contracts';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { financeQuery } from './queries';
import './orders.css';

const PACKAGE_STATE = { pending: '待支付', paid: '已支付', cancelled: '已取消' } as const;

function SideCard({ title, data, labels, link }: { title: string; data: NonNullable<Finance['purchase']>; labels: [string, string]; link: '/backend/order/purchase' | '/backend/order/sales' }) {
  return (
    <section className="card finance-card" aria-label={title}>
      <h3>{title} <Link to={link} className="muted">{data.order_count} 个订单 ›</Link></h3>
      <dl>
        <div><dt>待确认（卖家未接单）</dt><dd data-testid={`${link.endsWith('purchase') ? 'purchase' : 'sales'}-pending`}><Price fen={data.pending_fen} /></dd></div>
        <div><dt>{labels[0]}</dt><dd className="finance-open" data-testid={`${link.endsWith('purchase') ? 'purchase' : 'sales'}-open`}><Price fen={data.open_fen} /></dd></div>
        <div><dt>{labels[1]}</dt><dd data-testid={`${link.endsWith('purchase') ? 'purchase' : 'sales'}-paid`}><Price fen={data.paid_fen} /></dd></div>
        {(data.aftersale_refunded_fen > 0 || data.aftersale_deducted_fen > 0) && (
          <div><dt>售后退款 / 冲减货款</dt><dd data-testid={`${link.endsWith('purchase') ? 'purchase' : 'sales'}-aftersale`}><Price fen={data.aftersale_refunded_fen} /> / <Price fen={data.aftersale_deducted_fen} /></dd></div>
        )}
      </dl>
    </section>
  );
}

/**
 * 我的财务 (/backend/accounting/wallet): for the caller's company, purchases payable and paid,
 * sales receivable and received (goods orders, paid offline and recorded by the seller), and the
 * membership package payments. The server leaves out the parts the caller may not see.
 */
export function FinancePage() {
  const q = useQuery(financeQuery());
  if (q.isPending) return <div className="card" aria-busy="true">正在加载…</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可查看财务' : q.error.message}</div>;
  const f = q.data;
  return (
    <div className="finance-page">
      <section className="card">
        <h2 className="orders-title">我的财务 · {f.company_name}</h2>
        <p className="muted">货款可在订单上在线支付（钱包余额或在线支付，由平台暂管，确认收货后结算给卖家）；卖家接受线下收款时，也可线下结算后由卖家在订单上登记。已取消和已拒绝的订单不计入；未付款订单完成的售后从应付/应收中冲减。</p>
      </section>
      <div className="finance-grid">
        {f.purchase && <SideCard title="采购货款" data={f.purchase} labels={['应付（已确认未付款）', '已付']} link="/backend/order/purchase" />}
        {f.sales && <SideCard title="销售货款" data={f.sales} labels={['应收（已确认未收款）', '已收']} link="/backend/order/sales" />}
      </div>
      {f.packages && (
        <section className="card finance-card" aria-label="会员套餐付款">
          <h3>会员套餐付款 <span className="muted">已支付合计 <span data-testid="packages-paid"><Price fen={f.packages.paid_fen} /></span></span></h3>
          {f.packages.orders.length === 0 ? <p className="muted">暂无会员套餐订单</p> : (
            <div className="table-scroll">
              <table className="orders-table">
              <thead><tr><th style={{ width: '16rem' }}>订单号</th><th>套餐</th><th className="num" style={{ width: '8rem' }}>金额</th><th style={{ width: '6rem' }}>状态</th><th style={{ width: '11rem' }}>下单时间</th><th style={{ width: '11rem' }}>支付时间</th></tr></thead>
              <tbody>
                {f.packages.orders.map((o) => (
                  <tr key={o.order_no}>
                    <td>{o.order_no}</td><td>{o.level_name}（{o.duration_months}个月）</td><td className="num"><Price fen={o.amount_fen} /></td>
                    <td>{PACKAGE_STATE[o.state]}</td><td>{dayjs.unix(o.created_at).format('YYYY-MM-DD HH:mm:ss')}</td><td>{o.paid_at ? dayjs.unix(o.paid_at).format('YYYY-MM-DD HH:mm:ss') : '—'}</td>
                  </tr>
                ))}
              </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
