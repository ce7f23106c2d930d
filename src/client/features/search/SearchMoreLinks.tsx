import { Link, useRouteContext } from '@tanstack/react-router';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { PURCHASE_ORDER_CODES } from '../../../shared/domain/orders';
import { useT } from '../../i18n/lang';

/**
 * The other searches (docs/search.md): my stock and purchases, the purchase history (to those who
 * may read it), oils and fluids, new vehicles. Under the search box of the search start page and of
 * these pages themselves, not above results.
 */
export function SearchMoreLinks({ pathname }: { pathname: string }) {
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const purchases = !!user && hasAnyPermission(user.permissions, PURCHASE_ORDER_CODES);
  const active = (prefix: string) => (pathname.startsWith(prefix) ? 'active' : undefined);
  return (
    <nav className="card search-more-links" aria-label={t('更多查询')}>
      <span>{t('更多查询：')}</span>
      <Link to="/search/parts/myes" search={{}} className={active('/search/parts/myes')}>{t('我的库存 / 曾采购')}</Link>
      {purchases && <Link to="/search/purchase" className={active('/search/purchase')}>{t('采购记录')}</Link>}
      <Link to="/search/oil" search={{}} className={active('/search/oil')}>{t('油品查询')}</Link>
      <Link to="/search/newvehicle" search={{}} className={active('/search/newvehicle')}>{t('新车型')}</Link>
    </nav>
  );
}
