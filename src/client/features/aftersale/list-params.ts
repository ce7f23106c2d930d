/**
 * What the 售后服务 route reads before its page loads (its filter names and the sides the caller
 * may see), kept apart from the page so the route does not pull the page and ListPage into the
 * entry bundle (npm run bench:bundle).
 */
import { AFTERSALE_BUYER_CODES, AFTERSALE_SELLER_CODES } from '../../../shared/domain/aftersale';
import { hasAnyPermission } from '../../../shared/domain/permissions';

export const AFTERSALE_FILTER_NAMES = ['status', 'type', 'no', 'date_from', 'date_to'] as const;
export type AfterSaleSide = 'seller' | 'buyer';

export const afterSaleSides = (codes: readonly string[]): AfterSaleSide[] => [
  ...(hasAnyPermission(codes, AFTERSALE_SELLER_CODES) ? ['seller' as const] : []),
  ...(hasAnyPermission(codes, AFTERSALE_BUYER_CODES) ? ['buyer' as const] : []),
];
