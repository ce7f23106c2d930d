/**
 * Sign-in and sign-out. A change of login status reloads the page (requirements 000-4), so every cache
 * and store starts clean for the new user.
 */
import { request } from '../../api/request';
import { nav } from '../../api/navigation';
import { safeRedirect } from '../../../shared/domain/redirect';
import { LOGIN_PAGES } from '../../../shared/domain/guards';
import { sessionStore } from '../../session/session-store';
import { clearResults } from '../../local/result-store';
import type { User } from '../../../shared/contracts';
import { landingFor, onPhone, type LandingUser } from './landing';

/**
 * Keeps the fresh access token in memory (the server has set the refresh cookie), loads the user
 * and opens `target` (sign-in and registration), or the page `target` picks for that user. The
 * page that opens obtains its token again.
 */
export const startSession = async (tokens: { access_token: string }, target: string | ((user: User) => string)) => {
  sessionStore.setToken(tokens.access_token, null);
  const user = await request('post', 'userProfileGet', {}, undefined, { silent: true });
  sessionStore.setUser(user);
  localStorage.removeItem('qph-query-cache');
  await clearResults();
  nav.assign(typeof target === 'string' ? target : target(user));
};

/**
 * The page after a sign-in: the remembered target when it is a local path; else, at /login, where
 * the user's role works on this device (landing.ts); at /im/login and /operation/login, that area.
 */
export const afterSignIn = (loginPath: string, redirect: string | undefined, phone: boolean) => (user: LandingUser): string =>
  safeRedirect(redirect, loginPath === '/login' ? landingFor(user, phone) : LOGIN_PAGES[loginPath] ?? '/search');

export const signIn = async (loginPath: string, username: string, password: string, redirect: string | undefined) => {
  const tokens = await request('post', 'userAuth', { username, password }, undefined, { silent: true });
  await startSession(tokens, afterSignIn(loginPath, redirect, onPhone()));
};

export const signOut = async (loginPath = '/login') => {
  if (sessionStore.user()) {
    // the call revokes the session and clears the refresh cookie, which script cannot touch; a
    // failed one (offline, already revoked) must not keep the user signed in here
    await request('post', 'userLogout', {}, undefined, { silent: true }).catch(() => undefined);
  }
  sessionStore.clear();
  localStorage.removeItem('qph-query-cache');
  await clearResults();
  nav.assign(loginPath);
};
