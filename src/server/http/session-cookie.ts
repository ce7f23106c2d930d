/**
 * The refresh-token cookie. The refresh token never reaches page script: the server sets it
 * HttpOnly and SameSite=Strict, Secure over HTTPS, and scoped to the refresh call's path, so the
 * browser sends it to that one call and nowhere else. Logout clears it (a Set-Cookie may name any
 * path, so logout needs no copy of it). The access token travels in the JSON answer and is kept in
 * the page's memory only.
 *
 * The refresh call is authenticated by this cookie alone, so it also demands proof that our own
 * page sent it (CSRF): the `X-Requested-With: qipeihub` header, which another site's page cannot
 * add without a CORS grant we never give, or an Origin naming our own host.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { endpoints } from '../../shared/contracts';
import { msg } from '../../shared/messages';
import { forbidden } from './errors';

export const REFRESH_COOKIE = 'qph_rt';
export const REFRESH_COOKIE_PATH = `/api${endpoints.tokenRefresh.path}`;
/** the header the page sends with every cookie-authenticated call */
export const PAGE_HEADER = { name: 'X-Requested-With', value: 'qipeihub' } as const;

/** Whether the request came over HTTPS (directly, or per X-Forwarded-Proto behind our own proxy). */
export const isHttps = (c: Context, trustProxy?: boolean) => {
  const proto = trustProxy ? c.req.header('X-Forwarded-Proto')?.split(',').at(-1)?.trim() : undefined;
  return proto === 'https' || new URL(c.req.url).protocol === 'https:';
};

const ownHost = (c: Context, trustProxy?: boolean) =>
  (trustProxy ? c.req.header('X-Forwarded-Host')?.split(',').at(-1)?.trim() : undefined) || c.req.header('Host') || new URL(c.req.url).host;

const sameOrigin = (origin: string | undefined, host: string) => {
  if (!origin) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
};

/** What a handler may do with the refresh cookie of its request. */
export interface SessionCookie {
  /** the refresh token the browser sent, after checking that our own page sent the request */
  refreshToken(): string | undefined;
  set(refreshToken: string, maxAgeSeconds: number): void;
  clear(): void;
}

export const sessionCookie = (c: Context, trustProxy?: boolean): SessionCookie => {
  const attributes = () => ({ path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: isHttps(c, trustProxy) }) as const;
  return {
    refreshToken() {
      const fromPage = c.req.header(PAGE_HEADER.name) === PAGE_HEADER.value || sameOrigin(c.req.header('Origin'), ownHost(c, trustProxy));
      if (!fromPage) throw forbidden(msg.crossSiteRefused);
      return getCookie(c, REFRESH_COOKIE);
    },
    set: (token, maxAge) => setCookie(c, REFRESH_COOKIE, token, { ...attributes(), maxAge }),
    clear: () => void deleteCookie(c, REFRESH_COOKIE, attributes()),
  };
};
