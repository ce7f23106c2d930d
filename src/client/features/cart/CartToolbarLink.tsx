import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { CART_CODES } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { cartListQuery } from './queries';
import { useRefetchCartAfterReplay } from './mutations';
import { useT } from '../../i18n/lang';
import './cart.css';

/** The side toolbar's 购物车 with the count of lines on sale (productSource 1) of both carts; a guest's link leads to login. */
export function CartToolbarLink() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const allowed = !!user && hasAnyPermission(user.permissions, CART_CODES);
  const { data } = useQuery({ ...cartListQuery(), enabled: allowed });
  const quotes = useQuery({ ...cartListQuery('临时产品'), enabled: allowed });
  useRefetchCartAfterReplay(allowed ? user?.uuid : undefined);
  if (user && !allowed) return null;
  // both carts: stock lines and accepted quotes
  const count = (data?.count ?? 0) + (quotes.data?.count ?? 0);
  return (
    <Link to="/cart" className="side-toolbar-cart" title={t('购物车')} aria-label={count > 0 ? t('购物车 {{count}}', { count }) : t('购物车')}>
      <i className="pi pi-shopping-cart" />
      <span>{t('购物车')}</span>
      {count > 0 && <b className="cart-count" data-testid="cart-count">{count > 99 ? '99+' : count}</b>}
    </Link>
  );
}
