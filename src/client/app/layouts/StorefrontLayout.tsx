import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useRouteContext, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Toast } from 'primereact/toast';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { STOREFRONT_NAV, visibleEntries } from '../menus';
import { EnquiryBadge } from '../../features/enquiry/EnquiryBadge';
import { QuoteBadge } from '../../features/company/QuoteBadge';
import { TopBar } from '../storefront/TopBar';
import { StorefrontDrawer } from '../storefront/StorefrontDrawer';
import { COMPACT_QUERY, useMedia } from '../storefront/useMedia';
import { useAfterFirstPage } from '../../lib/after-first-page';
import { useT } from '../../i18n/lang';
import '../storefront/storefront.css';
// The sheets of what StorefrontLater draws (the side toolbar's cart and chat, the footer's account
// links, the enquiry badge's dialog), loaded with the layout: a stylesheet arriving after the page
// made the browser restyle and lay out the whole page again (250-300 ms at 4× CPU on keyword results)
import '../../features/cart/cart.css';
import '../../ui/form/form.css';
import '../../features/enquiry/enquiry.css';

const StorefrontLater = lazy(() => import('./StorefrontLater'));
// the phone header's cart: the side toolbar's own link (same chunk), drawn after the page like it
const CartToolbarLink = lazy(() => import('../../features/cart/CartToolbarLink').then((m) => ({ default: m.CartToolbarLink })));

/**
 * Storefront: top bar, sticky header with the nav, footer, side toolbar, the chat widget. The
 * footer (below the first screen: main is a screen high), the fixed side toolbar and the chat dock
 * render after the page (after-first-page.ts), from a chunk of their own, so the first load and
 * render are the top of the page and the page.
 *
 * Under 640 px (a phone; docs/guide/devices.md) the header is compact: the brand, 搜索, the cart
 * and 菜单, which opens a drawer holding the nav and what the top bar offers; the top bar and the
 * nav are hidden and the side toolbar keeps only 顶部 (storefront.css). CSS switches the layout, so
 * turning a tablet never remounts the page nor loses what was typed in it.
 */
export function StorefrontLayout() {
  const t = useT();
  const later = useAfterFirstPage();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const toast = useRef<Toast>(null);
  const nav = visibleEntries(STOREFRONT_NAV, user);
  const compact = useMedia(COMPACT_QUERY);
  const [open, setOpen] = useState(false);
  const toggler = useRef<HTMLButtonElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // a tap on a link navigates: the drawer closes
  useEffect(() => setOpen(false), [path]);
  const close = useCallback(() => {
    setOpen(false);
    toggler.current?.focus();
  }, []);
  return (
    <>
      <Toast ref={toast} position="top-center" />
      <TopBar toast={toast} />
      <header className="site-header">
        <div className="container">
          <Link to="/" className="brand">
            <img src="/icons/icon-192.png" alt="" />
            <span data-user-text>{site?.system_name ?? t('汽配汇')} <small>{site?.system_logo_text ?? ''}</small></span>
          </Link>
          <nav className="nav">
            {nav.map((e) => (
              <Link key={e.path} to={e.path} activeOptions={{ exact: e.path === '/' }} activeProps={{ className: 'active' }}>
                {/* i18n-dynamic: the labels are marked in menus.ts */}
                {t(e.label)}{e.path === '/quote' && <QuoteBadge />}{e.path === '/enquiry/list' && <EnquiryBadge />}</Link>
            ))}
          </nav>
          <div className="sf-compact">
            <Link to="/search" className="sf-search"><i className="pi pi-search" aria-hidden="true" /><span>{t('搜索OE号、配件名称')}</span></Link>
            {later && compact && <Suspense fallback={null}><CartToolbarLink /></Suspense>}
            <button type="button" ref={toggler} className="sf-icon-button" aria-controls="sf-drawer" aria-expanded={open && compact} aria-label={open && compact ? t('关闭菜单') : t('打开菜单')}
              onClick={() => setOpen((x) => !x)}>
              <i className={open && compact ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
            </button>
          </div>
        </div>
      </header>
      {open && compact && <StorefrontDrawer onClose={close} />}
      <main className="container page-enter storefront-main">
        <Outlet />
      </main>
      {later && (
        <Suspense fallback={null}>
          <StorefrontLater toast={toast} />
        </Suspense>
      )}
    </>
  );
}
