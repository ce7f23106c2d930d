import { useEffect, useRef } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { msg } from '../../../shared/messages';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { signOut } from '../../features/session/actions';
import { CurrencySwitch } from '../../features/currency/CurrencySwitch';
import { LangSwitch } from '../../features/lang/LangSwitch';
import { useT } from '../../i18n/lang';
import { EnquiryBadge } from '../../features/enquiry/EnquiryBadge';
import { QuoteBadge } from '../../features/company/QuoteBadge';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { STOREFRONT_NAV } from '../menus';
import { drawerSections, telHref } from './topbar';
import { WaitingOrders } from './TopBar';

/**
 * The storefront's menu on a phone (docs/guide/devices.md): the header's nav and what the top bar
 * and the side toolbar offer on a desktop (消息, 我的订单, the user menu, 客服热线, 显示币种, 退出登录),
 * in a drawer from the right over the page. A tap on a link navigates and the layout closes it;
 * Esc, × or a tap beside it closes it.
 */
export function StorefrontDrawer({ onClose }: { onClose: () => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const panel = useRef<HTMLDivElement>(null);
  const { nav, mine } = drawerSections(STOREFRONT_NAV, user);
  const tel = site?.system_phone ? telHref(site.system_phone) : null;
  const t = useT();
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className="sf-scrim" aria-hidden="true" onClick={onClose} />
      <div className="sf-drawer" id="sf-drawer" role="dialog" aria-modal="true" aria-label={t('菜单')} ref={panel}>
        <div className="sf-drawer-head">
          {user
            ? <strong data-user-text>{user.user_name}<small>{user.company_short_name}</small></strong>
            : <span className="sf-drawer-guest"><Link to="/login">{t(msg.login)}</Link><Link to="/login/register">{t(msg.register)}</Link></span>}
          <button type="button" className="sf-icon-button" aria-label={t('关闭菜单')} onClick={onClose}><i className="pi pi-times" aria-hidden="true" /></button>
        </div>
        <nav aria-label={t('网站导航')}>
          {nav.map((e) => (
            <Link key={e.path} to={e.path} activeOptions={{ exact: e.path === '/' }} activeProps={{ className: 'active' }}>
              {/* i18n-dynamic: the labels are marked in menus.ts and topbar.ts */}
              <i className={e.icon} aria-hidden="true" />{t(e.label)}{e.path === '/quote' && <QuoteBadge />}{e.path === '/enquiry/list' && <EnquiryBadge />}
            </Link>
          ))}
        </nav>
        {mine.length > 0 && (
          <nav aria-label={t('我的')}>
            {user?.is_seller && hasAnyPermission(user.permissions, SALES_ORDER_CODES) && <WaitingOrders />}
            {/* i18n-dynamic: the labels are marked in menus.ts and topbar.ts */}
            {mine.map((e) => (
              <Link key={e.path} to={e.path} activeProps={{ className: 'active' }}><i className={e.icon} aria-hidden="true" />{t(e.label)}</Link>
            ))}
          </nav>
        )}
        <div className="sf-drawer-utils">
          {tel && <a href={tel}><i className="pi pi-phone" aria-hidden="true" />{t('客服热线')} {site?.system_phone}</a>}
          <span className="sf-drawer-currency"><i className="pi pi-language" aria-hidden="true" />{t('语言')} <LangSwitch /></span>
          <span className="sf-drawer-currency"><i className="pi pi-money-bill" aria-hidden="true" />{t('显示币种')} <CurrencySwitch /></span>
          {user && <button type="button" className="linklike" onClick={() => void signOut('/login')}><i className="pi pi-sign-out" aria-hidden="true" />{t(msg.logout)}</button>}
        </div>
      </div>
    </>
  );
}
