import { redirect } from '@tanstack/react-router';
import { guard, type RouteRule } from '../../shared/domain/guards';
import type { User } from '../../shared/contracts';

export interface RouterContext {
  queryClient: import('@tanstack/react-query').QueryClient;
  session: { user: User | null };
}

/** A beforeLoad that applies the guard rules of shared/domain/guards. */
export const guardedBy = (rule: RouteRule) =>
  ({ context, location }: { context: RouterContext; location: { pathname: string; href: string } }) => {
    const r = guard(location.pathname, rule, context.session.user, location.href);
    if (r) throw redirect({ to: r.to, search: r.redirect ? { redirect: r.redirect } : {}, replace: true });
  };
