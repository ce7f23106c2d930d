import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import type { User } from '../../shared/contracts';
import { RouteError } from './RouteError';

export const createAppRouter = (queryClient: QueryClient, user: User | null) =>
  createRouter({
    routeTree,
    context: { queryClient, session: { user } },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // each route shows its own error in place (inside its area's layout): 无权访问 for a refused page
    defaultErrorComponent: RouteError,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
