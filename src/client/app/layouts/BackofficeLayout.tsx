import { Link, Outlet, useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router';
import { Menu } from 'primereact/menu';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { BACKOFFICE_MENU, visibleEntries } from '../menus';
import { signOut } from '../../features/session/actions';
import { BackofficeHeaderLinks } from '../../features/backoffice/BackofficeHeaderLinks';
import { msg } from '../../../shared/messages';
import { useT } from '../../i18n/lang';
import './backoffice.css';

/**
 * Seller back office: the left menu and the header menu. From 768 px the menu is a 70px rail that
 * scrolls on its own; narrower (a phone) it is a drawer behind 菜单 in the header, over the page
 * (docs/architecture.md, Devices). One menu element in both, laid out by backoffice.css, so turning
 * a tablet never remounts the page nor loses what was typed in it.
 */
export function BackofficeLayout() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const menu = useRef<Menu>(null);
  const drawer = useRef<HTMLElement>(null);
  const toggler = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  // a tap on an entry navigates: the drawer closes
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggler.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const items = [
    { label: t('个人资料'), icon: 'pi pi-id-card', command: () => void navigate({ to: '/backend/settings/profile' }) },
    { label: t('修改密码'), icon: 'pi pi-lock', command: () => void navigate({ to: '/backend/settings/password' }) },
    { label: t('返回前台'), icon: 'pi pi-shop', url: '/' },
    { label: t(msg.logout), icon: 'pi pi-sign-out', command: () => void signOut('/login') },
  ];
  return (
    <div className={`bo${open ? ' bo-drawer-open' : ''}`}>
      <nav className="bo-menu" id="bo-menu" aria-label={t('后台菜单')} ref={drawer}>
        {visibleEntries(BACKOFFICE_MENU, user).map((e) => (
          <Link key={e.path} to={e.path} activeOptions={{ exact: true }} activeProps={{ className: 'active' }}>
            <i className={e.icon} aria-hidden="true" />{t(e.label)}
          </Link>
        ))}
      </nav>
      {open && <div className="bo-scrim" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div className="bo-main">
        <header className="bo-header">
          <button type="button" ref={toggler} className="bo-menu-toggle" aria-controls="bo-menu" aria-expanded={open} aria-label={open ? t('关闭菜单') : t('打开菜单')} onClick={() => setOpen((x) => !x)}>
            <i className={open ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
          </button>
          {/* on a phone the company over the back office's name, two short lines (backoffice.css) */}
          <strong className="bo-brand"><span title={user?.company_name} data-user-text>{user?.company_name}</span><span><span className="bo-brand-sep"> · </span>{user?.is_seller ? t('卖家后台') : t('企业后台')}</span></strong>
          <span>
            <BackofficeHeaderLinks />
            <Menu model={items} popup ref={menu} />
            <Button text icon="pi pi-user" label={user?.user_name} className="bo-user" data-user-text onClick={(e) => menu.current?.toggle(e)} aria-haspopup />
          </span>
        </header>
        <main className="bo-content page-enter"><Outlet /></main>
      </div>
    </div>
  );
}
