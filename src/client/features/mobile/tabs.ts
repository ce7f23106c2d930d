/**
 * The phone's bottom tab bar speaks to the role (docs/guide/devices.md, "The tab bar"): a buyer's
 * tabs lead to buying (搜索, 购物车, 订单), a seller's to selling (销售订单, 售后 of its customers),
 * both to 消息 and 我的. Pure, so each role is unit-tested (tabs.test.ts).
 */
import { CART_CODES } from '../../../shared/contracts/codes';
import { AFTERSALE_SELLER_CODES } from '../../../shared/domain/aftersale';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { mark } from '../../i18n/lang';

export interface PhoneTab {
  label: string;
  to: '/ofo/search' | '/ofo/cart' | '/ofo/myorder' | '/im' | '/im/profile' | '/ofo/sales/order' | '/ofo/serviceOrder';
  /** the query of its address */
  search?: { side: 'seller' };
  icon: string;
  /** path prefixes the tab is the current one on */
  match: readonly string[];
  /** the one path the tab is current on besides its prefixes */
  exact?: string;
  /** what its badge counts */
  badge?: 'cart' | 'unread';
}

const SEARCH: PhoneTab = { label: mark('搜索'), to: '/ofo/search', icon: 'pi pi-search', match: ['/ofo/search', '/ofo/spotGoods', '/im/illustration'] };
const MESSAGES: PhoneTab = { label: mark('消息'), to: '/im', icon: 'pi pi-comments', match: ['/im/chat'], exact: '/im', badge: 'unread' };
const MINE: PhoneTab = { label: mark('我的'), to: '/im/profile', icon: 'pi pi-user', match: ['/im/profile', '/im/password', '/ofo/address'] };

const BUYER_TABS: readonly PhoneTab[] = [
  SEARCH,
  { label: mark('购物车'), to: '/ofo/cart', icon: 'pi pi-shopping-cart', match: ['/ofo/cart', '/ofo/createOrder'], badge: 'cart' },
  { label: mark('订单'), to: '/ofo/myorder', icon: 'pi pi-list', match: ['/ofo/myorder', '/ofo/purchase', '/ofo/serviceOrder', '/ofo/sales', '/ofo/enquiry'] },
  MESSAGES,
  MINE,
];

export interface TabUser { is_seller: boolean; permissions: readonly string[] }

/**
 * A user of a selling company whose codes open its sales orders or its customers' after-sales
 * (the owner, a sales clerk) sells on the phone: 销售订单, 售后 (我是卖家), 消息, 搜索 (its buying
 * and the market's prices: a search result's 加入购物车, 我的 lists its purchase orders) and 我的.
 * Everyone else (a buyer, a guest, an employee without either code) keeps the buyer's tabs.
 */
export const phoneTabs = (user: TabUser | null | undefined): readonly PhoneTab[] => {
  if (!user?.is_seller) return BUYER_TABS;
  const sales = hasAnyPermission(user.permissions, SALES_ORDER_CODES);
  const afterSales = hasAnyPermission(user.permissions, AFTERSALE_SELLER_CODES);
  if (!sales && !afterSales) return BUYER_TABS;
  const buys = hasAnyPermission(user.permissions, CART_CODES);
  return [
    ...(sales ? [{ label: mark('销售订单'), to: '/ofo/sales/order' as const, icon: 'pi pi-send', match: ['/ofo/sales', '/ofo/purchase/orderDetail', '/ofo/purchase/logistics'] }] : []),
    ...(afterSales ? [{ label: mark('售后'), to: '/ofo/serviceOrder' as const, search: { side: 'seller' as const }, icon: 'pi pi-replay', match: ['/ofo/serviceOrder'] }] : []),
    MESSAGES,
    buys ? { ...SEARCH, match: [...SEARCH.match, '/ofo/cart', '/ofo/createOrder', '/ofo/myorder', '/ofo/purchase/order', '/ofo/purchase/payment', '/ofo/enquiry'] } : SEARCH,
    MINE,
  ];
};

/** Whether a tab is the current page's: a path under one of its prefixes, segment by segment. */
export const tabActive = (tab: PhoneTab, pathname: string) => {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return (tab.exact !== undefined && p === tab.exact) || tab.match.some((m) => p === m || p.startsWith(`${m}/`));
};
