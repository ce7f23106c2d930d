import { Link, Outlet, useNavigate, useRouteContext } from '@tanstack/react-router';
import { Menu } from 'primereact/menu';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { BACKOFFICE_MENU, visibleEntries } from '../menus';
import { signOut } from '../../features/session/actions';
import { msg } from '../../../shared/messages';

/** Seller back office: the 70px left menu and the header menu. */
export function BackofficeLayout() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const items = [
    { label: '个人资料', icon: 'pi pi-id-card', command: () => void navigate({ to: '/backend/settings/profile' }) },
    { label: '修改密码', icon: 'pi pi-lock', command: () => void navigate({ to: '/backend/settings/password' }) },
    { label: '返回前台', icon: 'pi pi-shop', url: '/' },
    { label: msg.logout, icon: 'pi pi-sign-out', command: () => void signOut('/login') },
  ];
  return (
    <div className="bo">
      <nav className="bo-menu" aria-label="后台菜单">
        {visibleEntries(BACKOFFICE_MENU, user).map((e) => (
          <Link key={e.path} to={e.path} activeOptions={{ exact: true }} activeProps={{ className: 'active' }}>
            <i className={e.icon} />{e.label}
          </Link>
        ))}
      </nav>
      <div className="bo-main">
        <header className="bo-header">
          <strong><span title={user?.company_name}>{user?.company_name}</span><span>{` · ${user?.is_seller ? '卖家后台' : '企业后台'}`}</span></strong>
          <span>
            <Menu model={items} popup ref={menu} />
            <Button text icon="pi pi-user" label={user?.user_name} onClick={(e) => menu.current?.toggle(e)} aria-haspopup />
          </span>
        </header>
        <main className="bo-content page-enter"><Outlet /></main>
      </div>
    </div>
  );
}
