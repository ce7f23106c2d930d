/**
 * 海外售后详情 (/operation/foreign/afterSale/<no>, D09-03; docs/overseas.md "After-sales (海外售后)"):
 * the after-sale as on 售后 (sides, lines, photos, waybill, refund, history) with its dong side: each
 * line's frozen dong price, the refund in dong and its rate (an order paid from the dong wallet:
 * the dong given back and the payment's rate; any other: the order's rate). An open one may be closed with
 * a reason both sides read; the close is the after-sale service's own and is in the audit log.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { isOpen } from '../../../../shared/domain/aftersale';
import { dongText, VN_RATE_KIND_TEXT } from '../../../../shared/domain/vn-mall';
import { errorText } from '../../../ui/form/form';
import { AfterSaleView } from '../../aftersale/AfterSaleView';
import { CloseAfterSaleDialog } from '../CloseAfterSaleDialog';
import { yuan } from '../format';
import { opVnAfterSaleQuery } from './queries';
import { useCloseVnAfterSale } from './mutations';
import '../operation.css';
import './vn-op.css';

export function VnAfterSaleDetailPage({ asNo }: { asNo: string }) {
  const q = useQuery(opVnAfterSaleQuery(asNo));
  const closeAfterSale = useCloseVnAfterSale();
  const [closing, setClosing] = useState(false);
  const [status, setStatus] = useState('');

  if (q.isError && !q.data) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/foreign/afterSale">返回海外售后</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { after_sale: a, lines } = q.data;
  const dongOf = new Map(lines.map((l) => [l.order_line_id, l]));
  return (
    <>
      {status && <p className="op-status ok" role="status">{status}</p>}
      <section className="card vn-as-dong" aria-label="越南盾金额">
        <h2>越南盾金额</h2>
        <p>
          退款 <strong data-testid="vn-refund-dong">{dongText(q.data.refund_dong)}</strong>（{yuan(a.refund_fen)}）{q.data.dong_refunded ? '，已退回越南盾钱包' : ''} ·
          订单应付 {dongText(q.data.order_total_dong)} · {VN_RATE_KIND_TEXT[q.data.rate_kind]} 1 人民币 = {q.data.rate} 越南盾（{q.data.rate_day}）
        </p>
        <ul className="vn-as-lines">
          {a.lines.map((l) => (
            <li key={l.order_line_id}>
              <span>{l.supplier_oe} <span data-user-text>{l.name}</span> × {l.qty}</span>
              <span>下单单价 {dongText(dongOf.get(l.order_line_id)?.unit_price_dong ?? 0)} · 金额 <strong>{dongText(dongOf.get(l.order_line_id)?.amount_dong ?? 0)}</strong>（{yuan(l.amount_fen)}）</span>
            </li>
          ))}
        </ul>
      </section>
      <AfterSaleView a={a}
        back={<Link to="/operation/foreign/afterSale">← 海外售后</Link>}
        orderLink={<Link to="/operation/order/$orderNo" params={{ orderNo: a.order_no }}>{a.order_no}</Link>}
        actions={isOpen(a.status)
          ? <Button type="button" label="关闭售后" severity="danger" outlined onClick={() => setClosing(true)} />
          : <span className="muted">平台只能关闭进行中的售后</span>} />
      {closing && (
        <CloseAfterSaleDialog id="vn-close-reason" asNo={a.as_no} close={(payload, idempotencyKey) => closeAfterSale.mutateAsync({ payload, idempotencyKey })}
          onHide={() => setClosing(false)}
          onDone={() => {
            setClosing(false);
            setStatus('售后已关闭');
          }} />
      )}
    </>
  );
}
