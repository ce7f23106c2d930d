import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-guard';
import { CatalogueDialogs } from '../ui/CatalogueDialogs';
import { ErrorPage } from '../ui/ErrorPage';
import { AppChrome } from '../ui/AppChrome';
import { OfflineError } from '../api/request';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <CatalogueDialogs />
      <AppChrome />
    </>
  ),
  notFoundComponent: () => <ErrorPage code="404" />,
  // a page that loads its data before showing (商圈, 卖家入驻, 个人资料) cannot open offline: say so, not 服务器错误
  errorComponent: ({ error }) => (error instanceof OfflineError ? <ErrorPage code="offline" /> : <ErrorPage code="500" detail={error instanceof Error ? error.message : undefined} />),
});
