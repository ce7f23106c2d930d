import { lazy, Suspense, useRef } from 'react';
import { Link, Outlet, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Toast } from 'primereact/toast';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { STOREFRONT_NAV, visibleEntries } from '../menus';
import { EnquiryBadge } from '../../features/enquiry/EnquiryBadge';
import { QuoteBadge } from '../../features/company/QuoteBadge';
import { TopBar } from '../storefront/TopBar';
import { useAfterFirstPage } from '../../lib/after-first-page';
import '../storefront/storefront.css';
// The sheets of what StorefrontLater draws (the side toolbar's cart and chat, the footer's account
// links, the enquiry badge's dialog), loaded with the layout: a stylesheet arriving after the page
// made the browser restyle and lay out the whole page again (250-300 ms at 4× CPU on keyword results)
import '../../features/cart/cart.css';
import '../../ui/form/form.css';
import '../../features/enquiry/enquiry.css';

const StorefrontLater = lazy(() => import('./StorefrontLater'));

/**
 * Storefront: top bar, sticky header with the nav, footer, side toolbar, the chat widget. The
 * footer (below the first screen: main is a screen high), the fixed side toolbar and the chat dock
 * render after the page (after-first-page.ts), from a chunk of their own, so the first load and
 * render are the top of the page and the page.
 */
export function StorefrontLayout() {
  const later = useAfterFirstPage();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const toast = useRef<Toast>(null);
  const nav = visibleEntries(STOREFRONT_NAV, user);
  return (
    <>
      <Toast ref={toast} position="top-center" />
      <TopBar toast={toast} />
      <header className="site-header">
        <div className="container">
          <Link to="/" className="brand">
            <img src="/icons/icon-192.png" alt="" />
            <span>{site?.system_name ?? '汽配汇'} <small>{site?.system_logo_text ?? ''}</small></span>
          </Link>
          <nav className="nav">
            {nav.map((e) => (
              <Link key={e.path} to={e.path} activeOptions={{ exact: e.path === '/' }} activeProps={{ className: 'active' }}>{e.label}{e.path === '/quote' && <QuoteBadge />}{e.path === '/enquiry/list' && <EnquiryBadge />}</Link>
            ))}
          </nav>
        </div>
      </header>
      <main className="container page-enter storefront-main" style={{ marginTop: '1rem' }}>
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
