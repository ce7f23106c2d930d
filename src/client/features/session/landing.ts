/**
 * Where a user lands after signing in at /login without a redirect target (docs/architecture.md,
 * "Landing per role"): each role where its work is, on the device in the hand. Pure, so every
 * role and device is unit-tested; the device is read once by `onPhone()`.
 */
import { HEAD_COMPANY_ID, hasAnyPermission, MEMBER_CODES, OPERATOR_CODES } from '../../../shared/domain/permissions';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { PHONE_QUERY } from '../mobile/counterparts';

export interface LandingUser {
  company_id: number;
  /** the user's company sells (卖家) */
  is_seller: boolean;
  allow_im: boolean;
  permissions: readonly string[];
  /** where the company is registered: a Vietnamese company buys in the Vietnam mall (docs/overseas.md) */
  country?: string;
}

/**
 * The codes that open the back-office home (/backend): every member M code, the menu's and its
 * entries' (app/backoffice-rule.ts's BACKOFFICE_CODES; landing.test.ts holds the two equal).
 */
export const BACK_OFFICE_HOME_CODES: readonly string[] = MEMBER_CODES.filter((c) => c.startsWith('M'));

/**
 * - an operator (the head company, holding an operator code): /operation, on a phone too (the
 *   platform has no phone pages; its layout folds);
 * - a seller or a seller's employee who may open the back office: its home /backend, where 待处理
 *   lists the day's work; one who holds only the front-office sales code: the sales orders;
 *   on a phone, chat (/im: buyers' questions and quotes arrive there) when the user may chat,
 *   else its phone sales orders (/ofo/sales/order) when it may see them, else the phone search;
 * - a buyer of a company registered in Vietnam: the Vietnam mall, /vnmall (the search of Chinese
 *   stock refuses it, docs/overseas.md);
 * - a buyer (and a seller's employee with only buying codes): search, /search or /ofo/search.
 */
export const landingFor = (user: LandingUser, phone: boolean): string => {
  if (user.company_id === HEAD_COMPANY_ID && hasAnyPermission(user.permissions, OPERATOR_CODES)) return '/operation';
  if (user.is_seller) {
    const backOffice = hasAnyPermission(user.permissions, BACK_OFFICE_HOME_CODES);
    const sales = hasAnyPermission(user.permissions, SALES_ORDER_CODES);
    if (phone && (backOffice || sales)) return user.allow_im ? '/im' : sales ? '/ofo/sales/order' : '/ofo/search';
    if (backOffice) return '/backend';
    if (sales) return '/backend/order/sales';
  }
  if (user.country === 'VN') return '/vnmall';
  return phone ? '/ofo/search' : '/search';
};

/** A phone: a narrow screen (PHONE_QUERY) held by touch. A narrow desktop window is not one. */
export const onPhone = (): boolean => {
  if (typeof matchMedia !== 'function') return false;
  const touch = matchMedia('(pointer: coarse)').matches || (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0);
  return touch && matchMedia(PHONE_QUERY).matches;
};
