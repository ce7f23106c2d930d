import { redirect } from '@tanstack/react-router';
import { areaHomeFor, guard, LOGIN_PAGES, type RouteRule } from '../../shared/domain/guards';
import type { User } from '../../shared/contracts';

export interface RouterContext {
  queryClient: import('@tanstack/react-query').QueryClient;
  session: { user: User | null };
}

/**
 * A signed-in user opening a page their codes do not open (docs/architecture.md, Guards): the
 * route shows 无权访问 in place (app/Forbidden.tsx, the router's default error page) with what it
 * needs, instead of a silent redirect. `need`: the codes of which one would do; `headCompanyOnly`:
 * the page is the operator platform's.
 */
export class ForbiddenError extends Error {
  constructor(readonly path: string, readonly need: readonly string[], readonly headCompanyOnly: boolean, readonly areaHome: string) {
    super('无权访问');
    this.name = 'ForbiddenError';
  }
}

const trimmed = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** A beforeLoad that applies the guard rules of shared/domain/guards. */
export const guardedBy = (rule: RouteRule) =>
  ({ context, location }: { context: RouterContext; location: { pathname: string; href: string } }) => {
    const user = context.session.user;
    const r = guard(location.pathname, rule, user, location.href);
    if (!r) return;
    const path = trimmed(location.pathname);
    // signed in, not on a login page: refused for the user's codes or company, said so on the page
    if (user && !(path in LOGIN_PAGES)) throw new ForbiddenError(path, rule.permissions ?? [], !!rule.headCompanyOnly, areaHomeFor(path));
    throw redirect({ to: r.to, search: r.redirect ? { redirect: r.redirect } : {}, replace: true });
  };
