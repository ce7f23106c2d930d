import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { levelQuery } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { QuotaView } from '../membership/QuotaView';
import { backofficeSummaryQuery } from './queries';


/** One figure of 待处理: a count that links to the list holding those rows. */
function Todo({ label, n, to, search, hint }: { label: string; n: number | null; to: string; search: Record<string, string>; hint: string }) {
  if (n === null) return null;
  return (
    <Link to={to} search={search} className={n > 0 ? 'todo todo-due' : 'todo'} aria-label={`${label} ${n}`}>
      <strong>{n}</strong><span>{label}</span><small className="muted">{hint}</small>
    </Link>
  );
}

/**
 * Back-office home: what needs the company now (orders to confirm or ship, stock at zero, locked
 * prices; each a link to its list, shown only to holders of its code, the server decides), then the
 * level (with upgrade or renewal) and the day's quotas.
 */
export function BackofficeHome() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const level = useQuery(levelQuery(user.company_id));
  const summary = useQuery(backofficeSummaryQuery());
  const s = summary.data;
  const anyTodo = s && [s.sales_pending, s.sales_to_ship, s.stock_zero, s.stock_locked].some((n) => n !== null);
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {anyTodo && (
        <section className="card" aria-label="待处理">
          <h3 style={{ margin: '0 0 0.6rem' }}>待处理</h3>
          <div className="todo-grid">
            <Todo label="待确认的销售订单" n={s.sales_pending} to="/backend/order/sales" search={{ status: 'pending' }} hint="买家在等您确认" />
            <Todo label="待发货的销售订单" n={s.sales_to_ship} to="/backend/order/sales" search={{ status: 'confirmed' }} hint="已确认，尚未发货" />
            <Todo label="零库存" n={s.stock_zero} to="/backend/product/stockAndPrice" search={{ zero_stock: '1' }} hint="补货或下架，免得买家扑空" />
            <Todo label="价格已锁定" n={s.stock_locked} to="/backend/product/stockAndPrice" search={{ price_lock: 'locked' }} hint="解锁后才能改价" />
          </div>
        </section>
      )}
      <div className="card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} /></div>
      <QuotaView companyId={user.company_id} />
    </div>
  );
}
