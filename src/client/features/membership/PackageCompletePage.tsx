import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { formatChina } from '../../../shared/domain/china-time';
import { membershipMsg as m } from '../../../shared/messages';
import { ApiError } from '../../api/request';
import { levelQuery, sessionKeys } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { orderQuery } from './queries';
import { OrderTable } from './PackageOrderPage';
import { PaySteps } from './PaySteps';
import './membership.css';

/** /pay/package/complete: the new level and expiry once the provider's notice has been applied. */
export function PackageCompletePage({ orderNo }: { orderNo: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const qc = useQueryClient();
  // a return from the checkout may come before the notice: ask again until the order settles
  const order = useQuery({ ...orderQuery(orderNo), refetchInterval: (q) => (q.state.data?.state === 'pending' ? 2000 : false) });
  const paid = order.data?.state === 'paid';
  const level = useQuery({ ...levelQuery(user.company_id), enabled: paid });

  useEffect(() => {
    // the level and quotas are persisted for offline use: the upgrade must replace them now
    if (paid) {
      void qc.invalidateQueries({ queryKey: sessionKeys.level(user.company_id) });
      void qc.invalidateQueries({ queryKey: sessionKeys.quotas() });
    }
  }, [paid, qc, user.company_id]);

  if (order.isError) return <div className="card form-error" role="alert">{order.error instanceof ApiError ? order.error.message : m.orderNotFound}</div>;
  const o = order.data;
  return (
    <div className="pay-page">
      <div className="card">
        <h2 style={{ marginTop: 0 }}>{paid ? m.completeTitle : m.orderTitle}</h2>
        <PaySteps active={paid ? 3 : 2} />
      </div>
      {!o && <div className="card muted" aria-busy>加载中…</div>}
      {o?.state === 'pending' && <div className="card muted" role="status">{m.waitingPayment}</div>}
      {o?.state === 'cancelled' && (
        <div className="card">
          <p role="alert">{m.orderCancelled}</p>
          <Link to="/pay/package" className="p-button p-component member-link">重新选择套餐</Link>
        </div>
      )}
      {o && paid && (
        <div className="card" style={{ display: 'grid', gap: '0.8rem' }} data-testid="upgrade-result">
          <div style={{ fontSize: '1.1rem', fontWeight: 700, color: '#047857' }}><i className="pi pi-check-circle" /> {m.completeLevel(o.level_name)}</div>
          <div>{m.expiresOn(formatChina(o.level_end_after, 'YYYY-MM-DD'))}</div>
          <OrderTable order={o} />
          <div style={{ borderTop: '1px solid #e5e7eb', paddingTop: '0.8rem' }}>
            <MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} showActions={false} />
          </div>
          <div className="pay-actions">
            <Link to="/" className="p-button p-component member-link">返回首页</Link>
            <Link to="/search" className="p-button p-component p-button-outlined member-link">去查配件</Link>
          </div>
        </div>
      )}
    </div>
  );
}
