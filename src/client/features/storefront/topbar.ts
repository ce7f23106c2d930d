/**
 * What the top bar offers whom (000 §2): the back-office link to the head company only, the user
 * menu to a signed-in user, 登录 / 免费注册 to a guest. Entries appear only for pages that exist.
 */
import type { MenuEntry } from '../menus';

export const TOPBAR_LINKS: readonly MenuEntry[] = [
  { label: '运营平台', path: '/operation', icon: 'pi pi-cog', headCompanyOnly: true, auth: true },
];

/**
 * One's own profile and password belong to every signed-in user (000 §2: the user menu), so they
 * need no permission code; the pages live under /backend/settings, which the back-office guard
 * opens to any signed-in user (see routes/backend.tsx).
 */
export const USER_MENU: readonly MenuEntry[] = [
  { label: '个人资料', path: '/backend/settings/profile', icon: 'pi pi-id-card', auth: true },
  { label: '修改密码', path: '/backend/settings/password', icon: 'pi pi-lock', auth: true },
];

/** The favourite shortcut of the visitor's platform (browsers cannot bookmark from script). */
export const favouriteShortcut = (platform: string): string => (/mac|iphone|ipad/i.test(platform) ? '⌘+D' : 'Ctrl+D');
