import { MENU_CODES } from '../../shared/domain/permissions';
import type { RouteRule } from '../../shared/domain/guards';
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../shared/domain/orders';
import { CIRCLE_CODES, WANTED_CODES } from '../../shared/contracts/codes';
import { AFTERSALE_CODES } from '../../shared/domain/aftersale';
import { SUPPLIER_CODES } from '../../shared/domain/customer-codes';

/** Codes that open the seller back office: any back-office menu code, or a nav code of its pages. */
export const BACKOFFICE_CODES: readonly string[] = [...MENU_CODES, 'M01-01', 'M02-01', 'M02-02', 'M09-00', 'M09-04', 'M09-05', 'M09-07'];

/** 我的财务: accounting (M09) sees everything; purchase or sales codes see their own part (the server decides). */
export const FINANCE_PAGE_CODES: readonly string[] = [...FINANCE_CODES, ...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES];

/** Back-office pages open to holders of their own codes, who may hold no back-office menu code (C09, C10). */
const BACKOFFICE_PAGE_CODES: ReadonlyArray<[string, readonly string[]]> = [
  ['/backend/order/purchase', PURCHASE_ORDER_CODES],
  ['/backend/order/sales', SALES_ORDER_CODES],
  ['/backend/order/asktobuy', WANTED_CODES],
  ['/backend/order/detail/', [...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES]],
  ['/backend/accounting/wallet', FINANCE_PAGE_CODES],
  // 售后 (M08): the order codes of either side open it too
  ['/backend/service/', AFTERSALE_CODES],
  // 供应商 (docs/customers.md): whoever buys for the company
  ['/backend/customer/supplier', SUPPLIER_CODES],
  // 分公司 (docs/customers.md "Branch companies"): the same people; the owner changes the links
  ['/backend/customer/branch', SUPPLIER_CODES],
  // 商圈库存 (docs/circles.md): a repair shop in a circle (C12) buys from it without a back-office code
  ['/backend/circle/', CIRCLE_CODES],
];

/**
 * The back office's guard (its layout route's): one's own profile and password (/backend/settings/…)
 * are every signed-in user's; order and finance pages open to their own codes, which need no
 * back-office code; every other page needs a back-office code. A holder of a back-office code
 * passes the layout on every page: a page its codes do not open says 无权访问 inside the layout, by
 * the page route's own guard (docs/architecture.md, Guards), with the menu still there.
 */
export const backofficeRule = (path: string): RouteRule => {
  if (path.startsWith('/backend/settings/')) return { auth: true };
  const own = BACKOFFICE_PAGE_CODES.find(([prefix]) => path.startsWith(prefix));
  return { auth: true, permissions: own ? [...own[1], ...BACKOFFICE_CODES] : BACKOFFICE_CODES };
};

