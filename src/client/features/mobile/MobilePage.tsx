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
import { useT } from '../../i18n/lang';
import './mobile.css';

/** The role's tabs (tabs.ts); 购物车 and 消息 carry their counts: lines on sale in the cart, unread messages. */
function TabBar() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const path = useRouterState({ select: (s) => s.location.pathname });
  const mayBuy = !!user && hasAnyPermission(user.permissions, CART_CODES);
  const cart = useQuery({ ...cartListQuery(), enabled: mayBuy });
  useRefetchCartAfterReplay(mayBuy ? user?.uuid : undefined);
  const unread = useChat((s) => s.unreadTotal);
  const tabs = phoneTabs(user);
  return (
    <nav className="m-tabbar" aria-label={t('手机版导航')} style={{ gridTemplateColumns: `repeat(${tabs.length}, 1fr)` }}>
      {tabs.map((tab) => {
        const active = tabActive(tab, path);
        const n = tab.badge === 'cart' ? cart.data?.count ?? 0 : tab.badge === 'unread' ? unread : 0;
        // a tab's label is marked in tabs.ts; its test id keeps the Chinese
        const label = t(tab.label);
        return (
          <Link key={tab.to} to={tab.to} search={tab.search} activeProps={{}} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined} aria-label={n > 0 ? `${label} ${n}` : label}>
            <i className={tab.icon} aria-hidden="true" />
            <span>{label}</span>
            {n > 0 && <b className="m-badge" data-testid={`tab-badge-${tab.label}`}>{unreadLabel(n)}</b>}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A phone page: a title bar with the way back and 电脑版 (the desktop page of the same
 * thing, chosen for the session: phone-redirect.ts), the page, and the bottom tab bar (the role's, tabs.ts). `bare`: a full-screen page
 * (a conversation) without the tab bar. `title` is shown as given: a converted page passes it through t().
 */
export function MobilePage({ title, back, children, bare, actions, titleIsUserText }: {
  title: string; back?: string; children: ReactNode; bare?: boolean; actions?: ReactNode;
  /** the title is user data (a company's name), kept as written in every language (docs/i18n.md) */
  titleIsUserText?: boolean;
}) {
  const t = useT();
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const desktop = desktopCounterpart(location.pathname, Object.fromEntries(Object.entries(location.search as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
  return (
    <div className={`m-page${bare ? ' m-bare' : ''}`}>
      <header className="m-header">
        {back !== undefined ? (
          <button type="button" className="m-back" aria-label={t('返回')} onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ href: back }))}>
            <i className="pi pi-angle-left" aria-hidden="true" />
          </button>
        ) : <span className="m-back-space" />}
        <h1 data-user-text={titleIsUserText || undefined}>{title}</h1>
        <span className="m-header-actions">
          {actions}
          <a href={desktop} className="m-desktop" onClick={() => chooseDesktop(true)}>{t('电脑版')}</a>
        </span>
      </header>
      <main className="m-main">{children}</main>
      {!bare && <TabBar />}
    </div>
  );
}
