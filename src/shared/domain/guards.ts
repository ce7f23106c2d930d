/**
 * Route guards (requirements 000-4, 000-6; requirements 001-2-4) as one pure function, so every rule is testable and the
 * router only turns the answer into a redirect. The server enforces the same rules on its calls.
 */
import { hasAnyPermission, HEAD_COMPANY_ID } from './permissions';

export interface GuardUser {
  company_id: number;
  permissions: readonly string[];
}

export interface RouteRule {
  /** needs a signed-in user */
  auth?: boolean;
  /** at least one of these codes */
  permissions?: readonly string[];
  /** only the head company (company_id 1) */
  headCompanyOnly?: boolean;
}

/** Login pages and where they send a user who is already signed in. */
export const LOGIN_PAGES: Readonly<Record<string, string>> = {
  '/login': '/search',
  '/im/login': '/im',
  '/operation/login': '/operation',
};

export type GuardResult = { to: string; redirect?: string } | null;

const stripTrailingSlash = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** The login page matching a path: operator, chat (/im) or the member site. */
export const loginPageFor = (path: string): string =>
  path.includes('/operation') ? '/operation/login' : path.includes('/im') ? '/im/login' : '/login';

/** Where a user without the permission for a path goes: the home of that area. */
export const areaHomeFor = (path: string): string =>
  path.startsWith('/operation') ? '/operation' : path.startsWith('/backend') ? '/backend' : '/';

/**
 * @param path the pathname being entered
 * @param fullPath pathname + search, remembered as the target after sign-in
 */
export const guard = (path: string, rule: RouteRule, user: GuardUser | null, fullPath: string = path): GuardResult => {
  const p = stripTrailingSlash(path);
  if (p in LOGIN_PAGES) return user ? { to: LOGIN_PAGES[p] } : null;
  if (!rule.auth && !rule.permissions && !rule.headCompanyOnly) return null;
  if (!user) return { to: loginPageFor(p), redirect: fullPath };
  if (rule.headCompanyOnly && user.company_id !== HEAD_COMPANY_ID) return { to: '/' };
  if (!hasAnyPermission(user.permissions, rule.permissions)) {
    const home = areaHomeFor(p);
    // an area home the user may not enter either sends them to the storefront
    return { to: home === p ? '/' : home };
  }
  return null;
};
