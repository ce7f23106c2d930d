import { lazy, Suspense } from 'react';
import { isOfflineFailure } from '../api/request';
import { ForbiddenError } from '../lib/router-guard';
import { ErrorPage } from '../ui/ErrorPage';

// the refusal page and the code labels it names load only when a page is refused
const Forbidden = lazy(() => import('./Forbidden').then((m) => ({ default: m.Forbidden })));

/**
 * The router's error page for a route (app/router.tsx's defaultErrorComponent): 无权访问 in place of
 * a refused page, inside its area's layout; otherwise what the root says (offline, 服务器错误).
 */
export function RouteError({ error }: { error: unknown }) {
  if (error instanceof ForbiddenError) return <Suspense fallback={null}><Forbidden error={error} /></Suspense>;
  if (isOfflineFailure(error)) return <ErrorPage code="offline" />;
  return <ErrorPage code="500" detail={error instanceof Error ? error.message : undefined} />;
}
