import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { backofficeSummaryQuery } from './queries';
import { useT } from '../../i18n/lang';
import './backoffice.css';

/** A seller with the sales codes sees its new orders waiting for confirmation, as a link to them. */
function NewOrders() {
  const t = useT();
  const { data } = useQuery(backofficeSummaryQuery());
  const n = data?.sales_pending ?? 0;
  if (n === 0) return null;
  return (
    <Link to="/backend/order/sales" search={{ status: 'pending' }} className="bo-header-orders" data-testid="bo-new-orders"
      aria-label={t('{{n}} 个新订单待确认', { n })}>
      <i className="pi pi-bell" aria-hidden /> <span className="bo-header-text">{t('{{n}} 个新订单待确认', { n })}</span><span className="bo-header-short" aria-hidden>{n}</span>
    </Link>
  );
}

/**
 * The back-office header's links (docs/architecture.md, "Landing per role"): a seller's new orders,
 * and 返回商城, the way back to the marketplace from every back-office page (a buyer's 我的订单 too).
 * On a phone both are icons (the count beside the bell) that keep their names (backoffice.css).
 */
export function BackofficeHeaderLinks() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const t = useT();
  return (
    <span className="bo-header-links">
      {user?.is_seller && hasAnyPermission(user.permissions, SALES_ORDER_CODES) && <NewOrders />}
      <Link to="/" className="bo-header-store" aria-label={t('返回商城')} title={t('返回商城')}><i className="pi pi-shop" aria-hidden /> <span className="bo-header-text">{t('返回商城')}</span></Link>
    </span>
  );
}
