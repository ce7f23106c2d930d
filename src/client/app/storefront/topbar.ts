/**
 * What the top bar offers whom (requirements 000-2): the back-office link to the head company only, the user
 * menu to a signed-in user, 登录 / 免费注册 to a guest. Entries appear only for pages that exist.
 */
import { FINANCE_PAGE_CODES, visibleEntries, type MenuEntry, type MenuUser } from '../menus';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { CART_CODES } from '../../../shared/contracts/codes';
import { POINTS_CODES } from '../../../shared/domain/points-codes';
import { mark } from '../../i18n/lang';

/** 我的订单 is the company's purchases; for a user who only sells, its sales. */
export const TOPBAR_LINKS: readonly MenuEntry[] = [
  { label: mark('我的订单'), path: '/backend/order/purchase', icon: 'pi pi-list', codes: PURCHASE_ORDER_CODES, auth: true },
  { label: mark('我的订单'), path: '/backend/order/sales', icon: 'pi pi-list', codes: SALES_ORDER_CODES, unlessCodes: PURCHASE_ORDER_CODES, auth: true },
  { label: mark('我的财务'), path: '/backend/accounting/wallet', icon: 'pi pi-wallet', codes: FINANCE_PAGE_CODES, auth: true },
  { label: mark('运营平台'), path: '/operation', icon: 'pi pi-cog', headCompanyOnly: true, auth: true },
];

/**
 * One's own profile and password belong to every signed-in user (requirements 000-2: the user menu), so they
 * need no permission code; the pages live under /backend/settings, which the back-office guard
 * opens to any signed-in user (see routes/backend.tsx).
 */
export const USER_MENU: readonly MenuEntry[] = [
  // docs/basket-follows.md: the company's 常购清单 for whoever may buy, 我的关注 for everyone
  { label: mark('常购清单'), path: '/basket', icon: 'pi pi-list-check', codes: CART_CODES, auth: true },
  { label: mark('我的关注'), path: '/follows', icon: 'pi pi-heart', auth: true },
  // docs/points.md: the company's points and the points mall, for whoever buys or keeps the accounts
  { label: mark('我的积分'), path: '/points', icon: 'pi pi-star', codes: POINTS_CODES, auth: true },
  { label: mark('个人资料'), path: '/backend/settings/profile', icon: 'pi pi-id-card', auth: true },
  { label: mark('修改密码'), path: '/backend/settings/password', icon: 'pi pi-lock', auth: true },
];

/** The favourite shortcut of the visitor's platform (browsers cannot bookmark from script). */
export const favouriteShortcut = (platform: string): string => (/mac|iphone|ipad/i.test(platform) ? '⌘+D' : 'Ctrl+D');

/** 消息: the conversations, the phone page /im (the side toolbar's chat on a desktop). */
export const MESSAGES_ENTRY: MenuEntry = { label: mark('消息'), path: '/im', icon: 'pi pi-comments', auth: true };

/**
 * The phone's menu drawer (docs/guide/devices.md, the storefront on a phone): the header's nav, then
 * the top bar's and the user menu's links with 消息. An address already in the nav (运营平台) shows once.
 */
export const drawerSections = (nav: readonly MenuEntry[], user: MenuUser | null): { nav: MenuEntry[]; mine: MenuEntry[] } => {
  const shown = visibleEntries(nav, user);
  const seen = new Set(shown.map((e) => e.path));
  const mine = visibleEntries([MESSAGES_ENTRY, ...TOPBAR_LINKS, ...USER_MENU], user).filter((e) => !seen.has(e.path) && seen.add(e.path));
  return { nav: shown, mine };
};

/** The hotline as a tel: address (digits and a leading +), or null when it has no digits. */
export const telHref = (phone: string): string | null => {
  const digits = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
};
