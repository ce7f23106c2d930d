/**
 * Session storage. The access token lives in this page's memory only: never in a cookie or in
 * localStorage, where a script injected into the page could read it and keep it. The refresh token
 * is an HttpOnly cookie the server sets (server/http/session-cookie.ts), out of any script's
 * reach. A snapshot of the signed-in user stays in localStorage so the app starts with the network
 * off; after a reload the access token is obtained again (from another open tab, or by the refresh
 * call, see api/request.ts). The device type is stored per user and defaults to pc.
 */
import * as v from 'valibot';
import { userSchema, type User } from '../../shared/contracts/user';

const USER = 'qph_user';

/** the access token, and the uuid of the user it was issued to (tabs share tokens only within one user) */
let access: { token: string; owner: string | null } | null = null;

const snapshotUuid = (): string | null => {
  try {
    const raw = localStorage.getItem(USER);
    return raw ? ((JSON.parse(raw) as { uuid?: unknown }).uuid as string | undefined) ?? null : null;
  } catch {
    return null;
  }
};

export const sessionStore = {
  token: () => access?.token ?? null,
  /** the uuid of the user the in-memory token belongs to */
  tokenOwner: () => access?.owner ?? null,
  setToken(token: string, owner: string | null = snapshotUuid()) {
    access = { token, owner };
  },
  /** the signed-in user's snapshot; present while signed in, even before a token is obtained again */
  user(): User | null {
    const raw = localStorage.getItem(USER);
    if (!raw) return null;
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
    if (access && access.owner === null) access = { ...access, owner: user.uuid };
  },
  clear() {
    access = null;
    localStorage.removeItem(USER);
  },
  device(): string {
    const user = this.user();
    return (user && localStorage.getItem(`qph_device:${user.uuid}`)) || 'pc';
  },
};
