/**
 * 订单详情 (/operation/order/<no>, D12-01): both sides, delivery, lines and the order's history.
 * An operator with D12-02 may cancel an order that is neither shipped nor paid, with a reason both
 * sides then read on their own order page.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { OP_CATALOGUE_CODES, OP_CODES } from '../../../../shared/domain/operation-codes';
import { ORDER_ACTION_TEXT, ORDER_STATUS_TEXT, PAY_STATUS_TEXT, type OrderAction, type OrderStatus } from '../../../../shared/domain/orders';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ApiError } from '../../../api/request';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import { orderQuery } from './queries';
import { useCancelOrder } from './mutations';
import { OrderStatusTag } from './OrderListPage';
import { when, yuan } from '../format';
import '../operation.css';

export function OrderDetailPage({ orderNo }: { orderNo: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const codes = session.user?.permissions ?? [];
  const canCancel = hasAnyPermission(codes, OP_CATALOGUE_CODES.orderCancel);
  const canCompany = hasAnyPermission(codes, OP_CODES.companyRead);
  const q = useQuery(orderQuery(orderNo));
  const cancelOrder = useCancelOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  if (q.isError) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/order">返回订单列表</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const o = q.data;
  const company = (id: number, name: string) => (canCompany ? <Link to="/operation/company/detail" search={{ id }}>{name}</Link> : name);

  const cancel = async () => {
    const r = reason.trim();
    if (r.length < 2) return setError('请填写取消原因（至少2个字符）');
    if (!window.confirm(`取消订单 ${o.order_no}？库存退回卖家，买卖双方都会看到平台取消的原因。`)) return;
    setBusy(true);
    setError('');
    try {
      await cancelOrder.mutateAsync({ payload: { order_no: o.order_no, reason: r }, idempotencyKey: key.current });
      setStatus('订单已取消');
      setReason('');
    } catch (e) {
      if (e instanceof ApiError && e.field === 'reason') setError(e.message);
      else setStatus(errorText(e));
      key.current = crypto.randomUUID();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="op-detail">
      <section className="card">
        <div className="op-detail-head">
          <h2>订单 {o.order_no} <OrderStatusTag status={o.status} /></h2>
          <Link to="/operation/order">返回订单列表</Link>
        </div>
        {status && <p className="op-status ok" role="status">{status}</p>}
        <dl className="op-kv">
          <div><dt>下单时间</dt><dd>{when(o.created_at)}</dd></div>
          <div><dt>买家</dt><dd>{company(o.buyer_company_id, o.buyer_company_name)}（{o.buyer_user_name}）</dd></div>
          <div><dt>卖家</dt><dd>{company(o.seller_company_id, o.seller_company_name)}</dd></div>
          <div><dt>金额</dt><dd>{yuan(o.total_fen)}（{o.total_qty}件）</dd></div>
          <div><dt>付款</dt><dd>{PAY_STATUS_TEXT[o.pay_status]}{o.pay_method && `（${o.pay_method}）`}</dd></div>
          <div><dt>收货人</dt><dd>{o.contact_name} {o.contact_phone}</dd></div>
          <div><dt>地址</dt><dd>{o.address}</dd></div>
          {o.remark && <div><dt>留言</dt><dd>{o.remark}</dd></div>}
          {o.logistics_no && <div><dt>物流</dt><dd>{o.logistics_company} {o.logistics_no}</dd></div>}
          {o.cancel_reason && <div><dt>取消原因</dt><dd>{o.cancel_reason}</dd></div>}
          {o.reject_reason && <div><dt>拒绝原因</dt><dd>{o.reject_reason}</dd></div>}
        </dl>
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>明细</h3>
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>OE号</th><th>名称</th><th>品牌</th><th>品质</th><th>数量</th><th>单价</th><th>金额</th></tr></thead>
            <tbody>{o.lines.map((l, i) => (
              <tr key={i}><td>{l.supplier_oe}</td><td>{l.name}</td><td>{l.brand_name}</td><td>{l.quality_name}</td><td>{l.qty}</td><td>{yuan(l.unit_price_fen)}</td><td>{yuan(l.amount_fen)}</td></tr>
            ))}</tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>订单记录</h3>
        <ul className="op-history">
          {o.events.map((e, i) => (
            <li key={i}>{when(e.created_at)} · {e.user_name} · {ORDER_ACTION_TEXT[e.action as OrderAction] ?? (e.action === 'create' ? '下单' : e.action)}
              {e.from_status && ` · ${ORDER_STATUS_TEXT[e.from_status as OrderStatus] ?? e.from_status} → ${ORDER_STATUS_TEXT[e.to_status as OrderStatus] ?? e.to_status}`}
              {e.note && `：${e.note}`}</li>
          ))}
        </ul>
      </section>
      {canCancel && (o.may_cancel ? (
        <section className="card">
          <h3 style={{ marginTop: 0 }}>平台取消订单</h3>
          <Field id="cancel-reason" label="取消原因" error={error} required hint="买卖双方都会在订单中看到">
            <InputTextarea id="cancel-reason" value={reason} rows={2} maxLength={200} onChange={(e) => { setReason(e.target.value); setError(''); }} style={{ width: '100%' }} />
          </Field>
          <Button label="取消订单" severity="danger" loading={busy} onClick={() => void cancel()} style={{ marginTop: '0.5rem' }} />
        </section>
      ) : <p className="muted">平台只能取消未发货且未付款的订单；此订单{ORDER_STATUS_TEXT[o.status]}{o.pay_status === 'paid' ? '、已付款' : ''}。</p>)}
    </div>
  );
}
