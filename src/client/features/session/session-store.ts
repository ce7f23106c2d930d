/**
 * Session storage: the bearer and refresh tokens in cookies (30 days, spec 000 §9), and a snapshot
 * of the signed-in user in localStorage so the app can start with the network off. The device
 * type is stored per user and defaults to pc.
 */
import * as v from 'valibot';
import { userSchema, type User } from '../../../shared/contracts';

const TOKEN = 'qph_token';
const REFRESH = 'qph_refresh';
const USER = 'qph_user';
const COOKIE_DAYS = 30;

const readCookie = (name: string): string | null => {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
};

const writeCookie = (name: string, value: string | null) => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value === null
    ? `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
    : `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
};

export const sessionStore = {
  token: () => readCookie(TOKEN),
  refreshToken: () => readCookie(REFRESH),
  setTokens(access: string, refresh: string) {
    writeCookie(TOKEN, access);
    writeCookie(REFRESH, refresh);
  },
  user(): User | null {
    const raw = localStorage.getItem(USER);
    if (!raw || !readCookie(TOKEN)) return null;
    try {
      const parsed = v.safeParse(userSchema, JSON.parse(raw));
      if (parsed.success) return parsed.output;
    } catch {
      // fall through: unreadable snapshot
    }
    console.warn('qipeihub: dropped an unreadable user snapshot');
    localStorage.removeItem(USER);
    return null;
  },
  setUser(user: User) {
    localStorage.setItem(USER, JSON.stringify(user));
  },
  clear() {
    writeCookie(TOKEN, null);
    writeCookie(REFRESH, null);
    localStorage.removeItem(USER);
  },
  device(): string {
    const user = this.user();
    return (user && localStorage.getItem(`qph_device:${user.uuid}`)) || 'pc';
  },
};
