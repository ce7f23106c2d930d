import type { ReactNode } from 'react';
import { Link, useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { CART_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { cartListQuery } from '../cart/queries';
import { useRefetchCartAfterReplay } from '../cart/mutations';
import { useChat } from '../im/chat-store';
import { unreadLabel } from '../im/chat-rules';
import { desktopCounterpart } from './counterparts';
import { chooseDesktop } from './phone-redirect';
import { phoneTabs, tabActive } from './tabs';
import './mobile.css';

/** The role's tabs (tabs.ts); 购物车 and 消息 carry their counts: lines on sale in the cart, unread messages. */
function TabBar() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const path = useRouterState({ select: (s) => s.location.pathname });
  const mayBuy = !!user && hasAnyPermission(user.permissions, CART_CODES);
  const cart = useQuery({ ...cartListQuery(), enabled: mayBuy });
  useRefetchCartAfterReplay(mayBuy ? user?.uuid : undefined);
  const unread = useChat((s) => s.unreadTotal);
  const tabs = phoneTabs(user);
  return (
    <nav className="m-tabbar" aria-label="手机版导航" style={{ gridTemplateColumns: `repeat(${tabs.length}, 1fr)` }}>
      {tabs.map((t) => {
        const active = tabActive(t, path);
        const n = t.badge === 'cart' ? cart.data?.count ?? 0 : t.badge === 'unread' ? unread : 0;
        return (
          <Link key={t.to} to={t.to} search={t.search} activeProps={{}} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined} aria-label={n > 0 ? `${t.label} ${n}` : t.label}>
            <i className={t.icon} aria-hidden="true" />
            <span>{t.label}</span>
            {n > 0 && <b className="m-badge" data-testid={`tab-badge-${t.label}`}>{unreadLabel(n)}</b>}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A phone page: a title bar with the way back and 电脑版 (the desktop page of the same
 * thing, chosen for the session: phone-redirect.ts), the page, and the bottom tab bar (the role's, tabs.ts). `bare`: a full-screen page
 * (a conversation) without the tab bar.
 */
export function MobilePage({ title, back, children, bare, actions }: { title: string; back?: string; children: ReactNode; bare?: boolean; actions?: ReactNode }) {
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const desktop = desktopCounterpart(location.pathname, Object.fromEntries(Object.entries(location.search as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
  return (
    <div className={`m-page${bare ? ' m-bare' : ''}`}>
      <header className="m-header">
        {back !== undefined ? (
          <button type="button" className="m-back" aria-label="返回" onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ href: back }))}>
            <i className="pi pi-angle-left" aria-hidden="true" />
          </button>
        ) : <span className="m-back-space" />}
        <h1>{title}</h1>
        <span className="m-header-actions">
          {actions}
          <a href={desktop} className="m-desktop" onClick={() => chooseDesktop(true)}>电脑版</a>
        </span>
      </header>
      <main className="m-main">{children}</main>
      {!bare && <TabBar />}
    </div>
  );
}
