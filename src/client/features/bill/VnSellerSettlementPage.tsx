/**
 * 越南商城账单 (M11 /backend/overseas/bill for a Chinese seller; docs/money.md#overseas-bills): the
 * seller's Vietnam mall settlement of a China month — the mall orders paid in it (the goods' dong,
 * the payment's rate, the fen the order was paid), the refunds made in it and the net in fen. The
 * month is chosen above; each month is its own address (bill/{month}).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Dropdown } from 'primereact/dropdown';
import type { VnSellerSettlement } from '../../../shared/contracts';
import { dongText } from '../../../shared/domain/vn-mall';
import { ApiError, OfflineError } from '../../api/request';
import { ListRows } from '../../ui/list/ListRows';
import { vnSellerSettlementQuery } from './queries';
import { chinaWhen, monthText, recentMonths, yuan } from './money';
import './bill.css';

const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后可查看账单' : e instanceof ApiError ? e.message : '账单暂时无法读取，请稍后再试');

export function VnSellerSettlementPage({ month }: { month?: string }) {
  const months = recentMonths(new Date(), 24);
  const shown = month ?? months[0];
  const navigate = useNavigate();
  const q = useQuery(vnSellerSettlementQuery(shown));
  const s = q.data;
  return (
    <div className="bill-page">
      <section className="card bill-card" aria-label="越南商城账单">
        <div className="bill-head">
          <h2>越南商城账单 {s && <small className="muted">{s.company_name}</small>}</h2>
          <Dropdown inputId="vn-settle-month" ariaLabel="月份" value={shown} options={months.map((m) => ({ value: m, label: monthText(m) }))}
            onChange={(e) => void navigate({ to: '/backend/overseas/bill/$month', params: { month: e.value as string } })} />
        </div>
        {q.isPending && <p aria-busy="true">正在加载账单…</p>}
        {q.isError && <p role="alert">{failure(q.error)} <Link to="/backend/overseas/vietnamMall">返回越南商城</Link></p>}
        {s && (
          <>
            <dl className="bill-balances">
              <div><dt>当月付款订单</dt><dd>{s.orders.length} 单</dd></div>
              <div><dt>订单收款</dt><dd className="bill-in">{yuan(s.paid_fen)}</dd></div>
              <div><dt>退款</dt><dd className="bill-out">{yuan(-s.refund_fen)}</dd></div>
              <div><dt>净额</dt><dd data-testid="vn-settle-net">{yuan(s.net_fen)}</dd></div>
            </dl>
            <p className="muted bill-note">
              {monthText(s.month)}（中国时间）买家用越南盾付款 {dongText(s.paid_dong)}、退回 {dongText(s.refund_dong)}。订单按付款时的汇率以人民币结算，
              确认收货后按订单金额扣除平台服务费打入钱包（见账单）。
            </p>
          </>
        )}
      </section>
      {s && (
        <section className="card list-page" aria-label="付款订单">
          <div className="list-head"><h2>付款订单</h2><span className="muted">共 {s.orders.length} 单</span></div>
          <ListRows<VnSellerSettlement['orders'][number], string>
            title="付款订单"
            rows={s.orders}
            rowKey={(o) => o.order_no}
            columns={[
              { key: 'no', header: '订单号', width: '12rem', cell: (o) => <Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>{o.order_no}</Link> },
              { key: 'buyer', header: '买家', width: '14rem', priority: 2, cell: (o) => o.buyer_name },
              { key: 'at', header: '付款时间', width: '9rem', priority: 2, cell: (o) => chinaWhen(o.paid_at) },
              { key: 'dong', header: '越南盾', width: '9rem', num: true, priority: 3, cell: (o) => dongText(o.goods_dong) },
              { key: 'rate', header: '汇率', width: '6rem', num: true, priority: 3, cell: (o) => o.rate || '—' },
              { key: 'fen', header: '人民币', width: '8rem', num: true, cell: (o) => yuan(o.goods_fen) },
            ]}
            status={{ busy: false, empty: s.orders.length === 0 ? '这个月没有越南商城订单付款。' : null }}
          />
        </section>
      )}
      {s && s.refunds.length > 0 && (
        <section className="card list-page" aria-label="退款">
          <div className="list-head"><h2>退款</h2><span className="muted">共 {s.refunds.length} 笔</span></div>
          <ListRows<VnSellerSettlement['refunds'][number], string>
            title="退款"
            rows={s.refunds}
            rowKey={(r) => r.refund_no}
            columns={[
              { key: 'no', header: '订单号', width: '12rem', cell: (r) => r.order_no },
              { key: 'at', header: '退款时间', width: '9rem', priority: 2, cell: (r) => chinaWhen(r.created_at) },
              { key: 'refund', header: '退款单号', width: '12rem', priority: 3, cell: (r) => r.refund_no },
              { key: 'dong', header: '退回越南盾', width: '9rem', num: true, priority: 3, cell: (r) => dongText(r.goods_dong) },
              { key: 'fen', header: '退回人民币', width: '8rem', num: true, cell: (r) => yuan(-r.fen) },
            ]}
            status={{ busy: false, empty: null }}
          />
        </section>
      )}
    </div>
  );
}
