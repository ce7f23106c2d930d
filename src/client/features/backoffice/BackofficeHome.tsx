import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { levelQuery } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { QuotaView } from '../membership/QuotaView';
import { backofficeSummaryQuery } from './queries';
import { todoItems, type TodoItem } from './todo';
import './backoffice.css';

/** One figure of 待处理: a count that links to the list holding those rows. */
function Todo({ item }: { item: TodoItem }) {
  return (
    <Link to={item.to} search={item.search} className={item.n > 0 ? 'todo todo-due' : 'todo'} data-todo={item.key}>
      {/* named by what it shows ("3 待发货的销售订单 …"): a name other than the visible text fails WCAG 2.5.3 */}
      <strong>{item.n}</strong> <span>{item.label}</span> <small className="muted">{item.hint}</small>
    </Link>
  );
}

/**
 * Back-office home: what the company must do now (待处理: new orders to confirm and ship, enquiries
 * and wanted requests to quote, after-sales to answer, goods to receive, new quotes, stock at zero,
 * locked prices; each a link to its list, shown only to holders of its codes, counted by the
 * server), why the quote zone is empty when it is, then the level (with upgrade or renewal) and the
 * day's quotas.
 */
export function BackofficeHome() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const level = useQuery(levelQuery(user.company_id));
  const summary = useQuery(backofficeSummaryQuery());
  const s = summary.data;
  const items = s ? todoItems(s) : [];
  const due = items.filter((i) => i.n > 0);
  // nothing waiting: one quiet line of links, so what waits stands out
  const idle = items.filter((i) => i.n === 0);
  const zoneEmpty = user.is_seller && s?.zone_makes === 0;
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {s && s.sales_pending !== null && s.sales_pending > 0 && (
        <Link to="/backend/order/sales" search={{ status: 'pending' }} className="bo-new-orders" data-testid="home-new-orders">
          <i className="pi pi-bell" aria-hidden /> 您有 <strong>{s.sales_pending}</strong> 个新订单待确认，买家在等您 · 去处理
        </Link>
      )}
      {(items.length > 0 || zoneEmpty) && (
        <section className="card" aria-label="待处理">
          <h3 style={{ margin: '0 0 0.6rem' }}>待处理{due.length > 0 ? `（${due.length}项）` : ''}</h3>
          {items.length > 0 && due.length === 0 && <p style={{ margin: '0 0 0.6rem' }}>眼下没有要处理的事项，新的订单、询价和售后会出现在这里。</p>}
          {zoneEmpty && (
            <p className="bo-zone-empty" role="note" data-testid="zone-empty">
              <i className="pi pi-info-circle" aria-hidden /> 报价专区为空：还没有设置主营车型，买家按车型发布的公开询价和求购到不了您这里。
              {' '}<Link to="/backend/settings/enterprise">去企业信息设置主营车型</Link>
            </p>
          )}
          {due.length > 0 && <div className="todo-grid">{due.map((i) => <Todo key={i.key} item={i} />)}</div>}
          {idle.length > 0 && (
            <p className="bo-todo-idle muted" data-testid="todo-idle">
              暂无：{idle.map((i, k) => (
                <span key={i.key}>{k > 0 && ' · '}<Link to={i.to} search={i.search} data-todo={i.key} aria-label={`${i.label} 0`}>{i.label}</Link></span>
              ))}
            </p>
          )}
        </section>
      )}
      <div className="card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} /></div>
      <QuotaView companyId={user.company_id} />
    </div>
  );
}
