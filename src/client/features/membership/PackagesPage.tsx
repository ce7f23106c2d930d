import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { formatFen } from '../../../shared/domain/prices';
import { membershipMsg as m } from '../../../shared/messages';
import type { MembershipPackage } from '../../../shared/contracts';
import { ApiError, OfflineError } from '../../api/request';
import { levelQuery } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { packagesQuery } from './queries';
import { DemoPaymentNotice } from './DemoPaymentNotice';
import { PaySteps } from './PaySteps';
import { useCreatePackageOrder } from './mutations';
import './membership.css';

const UNLIMITED = 9999;

const benefits = (p: MembershipPackage) => [
  `员工账号最多 ${p.employee_limit} 个`,
  p.stock_per_day === UNLIMITED ? '库存查询不限次数' : `库存查询每日 ${p.stock_per_day} 次`,
  p.vin_type === 'date' ? 'VIN 解析在会员期内不限次数' : 'VIN 解析按购买次数',
  '可报价、查看卖家联系方式、在线聊天',
  '查看全部价格列（含批发价）',
];

/** /pay/package: the paid levels on sale; buying makes an order for the caller's company. */
export function PackagesPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const navigate = useNavigate();
  const packages = useQuery(packagesQuery());
  const level = useQuery(levelQuery(user.company_id));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  // one key per click on a package, so a retry after a lost answer cannot make a second order
  const key = useRef(crypto.randomUUID());
  const createOrder = useCreatePackageOrder();

  const buy = async (p: MembershipPackage) => {
    setBusy(p.level_id);
    setError('');
    try {
      const order = await createOrder.mutateAsync({ payload: { level_id: p.level_id }, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      await navigate({ to: '/pay/package/order', search: { order_no: order.order_no } });
    } catch (e) {
      setError(e instanceof OfflineError ? '网络不可用，请联网后再购买' : e instanceof ApiError ? e.message : '下单失败，请稍后再试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="pay-page">
      <div className="card">
        <h2 style={{ marginTop: 0 }}>{m.packagesTitle}</h2>
        <PaySteps active={0} />
      </div>
      <DemoPaymentNotice />
      <div className="card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} showActions={false} /></div>
      {error && <div className="form-error" role="alert">{error}</div>}
      {packages.data && !packages.data.may_buy && <div className="announcement" role="note">{m.mayNotBuy}</div>}
      {packages.data && packages.data.packages.length === 0 && <div className="card muted">{m.noPackages}</div>}
      <div className="packages">
        {packages.data?.packages.map((p) => (
          <section key={p.level_id} className="card package-card" aria-label={p.name}>
            <h3>{p.name}</h3>
            <div className="package-price">¥{formatFen(p.price_fen)} <small>/ {m.packageDuration(p.duration_months)}</small></div>
            <ul>{benefits(p).map((b) => <li key={b}>{b}</li>)}</ul>
            <Button label={m.buyNow} icon="pi pi-shopping-cart" onClick={() => buy(p)} loading={busy === p.level_id} disabled={!packages.data.may_buy} />
          </section>
        ))}
      </div>
    </div>
  );
}
