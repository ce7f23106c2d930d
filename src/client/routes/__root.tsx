import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-guard';
import { ErrorPage } from '../ui/ErrorPage';
import { OfflineError } from '../api/request';

/**
 * The error dialogs, network indicator, update prompt and phone offer load beside the first page,
 * not in the entry bundle (issue 15): they bring PrimeReact's Dialog and the offline store
 * (Dexie), which no page needs to paint. The service worker precaches their chunk like any other.
 */
const AppChrome = lazy(() => import('../ui/AppChrome').then((m) => ({ default: m.AppChrome })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <AppChrome />
      </Suspense>
    </>
  ),
  notFoundComponent: () => <ErrorPage code="404" />,
  // a page that loads its data before showing (商圈, 卖家入驻, 个人资料) cannot open offline: say so, not 服务器错误
  errorComponent: ({ error }) => (error instanceof OfflineError ? <ErrorPage code="offline" /> : <ErrorPage code="500" detail={error instanceof Error ? error.message : undefined} />),
});
