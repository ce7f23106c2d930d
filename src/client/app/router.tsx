import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import type { User } from '../../shared/contracts';

export const createAppRouter = (queryClient: QueryClient, user: User | null) =>
  createRouter({
    routeTree,
    context: { queryClient, session: { user } },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
