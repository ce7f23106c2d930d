import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../lib/router-guard';
import { ErrorPage } from '../ui/ErrorPage';
import { isOfflineFailure } from '../api/request';
import { useAfterFirstPage } from '../lib/after-first-page';
import { phoneRedirect } from '../features/mobile/phone-redirect';
import { showGuestLang } from '../i18n/lang';

/**
 * The error dialogs, network indicator, update prompt and phone offer load after the first page
 * (after-first-page.ts), not in the entry bundle nor in its first render: they bring
 * PrimeReact's Dialog, which no page needs to paint. The dialogs' store keeps what was asked
 * before they render. The service worker precaches their chunk like any other.
 */
const AppChrome = lazy(() => import('../app/layouts/AppChrome').then((m) => ({ default: m.AppChrome })));

function Root() {
  const later = useAfterFirstPage();
  return (
    <>
      <Outlet />
      {later && (
        <Suspense fallback={null}>
          <AppChrome />
        </Suspense>
      )}
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // a phone opening a desktop page that has a phone page goes there (docs/architecture.md, Devices);
  // a guest who never chose a language reads each page in its default one (docs/i18n.md, "Choosing
  // the language": Vietnamese on the Vietnamese registration only), shown before the page renders;
  // a hover's preload changes nothing
  beforeLoad: (opts) => {
    phoneRedirect(opts);
    return opts.preload || opts.context.session.user ? undefined : showGuestLang(opts.location.pathname);
  },
  component: Root,
  notFoundComponent: () => <ErrorPage code="404" />,
  // a page that loads its data before showing (商圈, 卖家入驻, 个人资料), or whose files a phone has not
  // fetched yet, cannot open offline: say so, not 服务器错误
  errorComponent: ({ error }) => (isOfflineFailure(error) ? <ErrorPage code="offline" /> : <ErrorPage code="500" detail={error instanceof Error ? error.message : undefined} />),
});
