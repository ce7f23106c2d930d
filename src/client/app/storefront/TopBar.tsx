import { useRef, type RefObject } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import type { Toast } from 'primereact/toast';
import { msg } from '../../../shared/messages';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { visibleEntries } from '../menus';
import { signOut } from '../../features/session/actions';
import { CurrencySwitch } from '../../features/currency/CurrencySwitch';
import { LangSwitch } from '../../features/lang/LangSwitch';
import { useT } from '../../i18n/lang';
import { favouriteShortcut, TOPBAR_LINKS, USER_MENU } from './topbar';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { backofficeSummaryQuery } from '../../features/backoffice/queries';

/** A seller with the sales codes is told about sales orders waiting for confirmation. */
export function WaitingOrders() {
  const { data } = useQuery(backofficeSummaryQuery());
  const t = useT();
  const n = data?.sales_pending ?? 0;
  if (n === 0) return null;
  return <Link to="/backend/order/sales" search={{ status: 'pending' }} className="topbar-due" data-testid="waiting-orders">{t('{{n}} 个新订单待确认', { n })}</Link>;
}

/** The dark strip above the header: favourite hint, hotline, currency, back office, user menu or sign-in. */
export function TopBar({ toast }: { toast: RefObject<Toast | null> }) {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const menu = useRef<Menu>(null);
  const shortcut = favouriteShortcut(typeof navigator === 'undefined' ? '' : navigator.platform);
  const navigate = useNavigate();
  const t = useT();
  const items: MenuItem[] = [
    // i18n-dynamic: the menu's labels are marked in topbar.ts
    ...visibleEntries(USER_MENU, user).map((e) => ({ label: t(e.label), icon: e.icon, command: () => void navigate({ to: e.path }) })),
    { label: t(msg.logout), icon: 'pi pi-sign-out', command: () => void signOut('/login') },
  ];
  return (
    <div className="topbar">
      <div className="container">
        <span className="topbar-left">
          <button type="button" className="linklike" onClick={() => toast.current?.show({ severity: 'info', summary: t('请按 {{shortcut}} 将汽配汇加入浏览器收藏夹', { shortcut }), life: 4000 })}>
            <i className="pi pi-star" /> {t('收藏本站')} <kbd>{shortcut}</kbd>
          </button>
          {site?.system_phone && <span><i className="pi pi-phone" /> {t('客服热线')} {site.system_phone}</span>}
        </span>
        <span className="topbar-right">
          <LangSwitch />
          <CurrencySwitch />
          {user?.is_seller && hasAnyPermission(user.permissions, SALES_ORDER_CODES) && <WaitingOrders />}
          {/* i18n-dynamic: the links' labels are marked in topbar.ts */}
          {visibleEntries(TOPBAR_LINKS, user).map((e) => <Link key={e.path} to={e.path}>{t(e.label)}</Link>)}
          {user ? (
            <>
              <Menu model={items} popup ref={menu} id="user-menu" />
              <button type="button" className="linklike" aria-haspopup="menu" aria-controls="user-menu" onClick={(e) => menu.current?.toggle(e)}>
                <span data-user-text>{user.user_name}（{user.company_short_name}）</span> <i className="pi pi-angle-down" />
              </button>
            </>
          ) : (
            <>
              <Link to="/login">{t(msg.login)}</Link>
              <Link to="/login/register">{t(msg.register)}</Link>
            </>
          )}
        </span>
      </div>
    </div>
  );
}
