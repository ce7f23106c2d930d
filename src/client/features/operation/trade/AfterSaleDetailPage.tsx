/**
 * 售后详情 (/operation/service/afterSale/<no>, D12-01 … D12-03): both sides, lines, photos, the
 * return's waybill, the refund and the history. An operator with D12-03 may close an after-sale
 * still open (a dispute settled elsewhere, a stuck return), with a reason both sides read; the close
 * is written to the audit log.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { isOpen } from '../../../../shared/domain/aftersale';
import { OP_CATALOGUE_CODES, OP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { errorText } from '../../../ui/form/form';
import { opAfterSaleDetailQuery } from '../../aftersale/queries';
import { AfterSaleView } from '../../aftersale/AfterSaleView';
import { CloseAfterSaleDialog } from '../CloseAfterSaleDialog';
import { useCloseAfterSale } from './mutations';
import '../operation.css';

export function OpAfterSaleDetailPage({ asNo }: { asNo: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const codes = session.user?.permissions ?? [];
  const canClose = hasAnyPermission(codes, OP_CATALOGUE_CODES.afterSaleClose);
  const canCompany = hasAnyPermission(codes, OP_CODES.companyRead);
  const q = useQuery(opAfterSaleDetailQuery(asNo));
  const closeAfterSale = useCloseAfterSale();
  const [closing, setClosing] = useState(false);
  const [status, setStatus] = useState('');

  if (q.isError && !q.data) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/service">返回售后列表</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const a = q.data;
  const company = (id: number, name: string) => (canCompany ? <Link to="/operation/company/detail" search={{ id }}>{name}</Link> : name);
  return (
    <>
      {status && <p className="op-status ok" role="status">{status}</p>}
      <AfterSaleView a={a} company={company}
        back={<Link to="/operation/service">← 售后列表</Link>}
        orderLink={<Link to="/operation/order/$orderNo" params={{ orderNo: a.order_no }}>{a.order_no}</Link>}
        actions={canClose ? (isOpen(a.status)
          ? <Button type="button" label="关闭售后" severity="danger" outlined onClick={() => setClosing(true)} />
          : <span className="muted">平台只能关闭进行中的售后</span>) : undefined} />
      {closing && (
        <CloseAfterSaleDialog id="close-reason" asNo={a.as_no} close={(payload, idempotencyKey) => closeAfterSale.mutateAsync({ payload, idempotencyKey })}
          onHide={() => setClosing(false)}
          onDone={() => {
            setClosing(false);
            setStatus('售后已关闭');
          }} />
      )}
    </>
  );
}
