/**
 * Seller applications: who may apply, what an approval grants. Both sides read these; the server
 * enforces them.
 */

/**
 * The seller codes of every level's template as first seeded (migration 0080's default; approval
 * reads company_level.seller_codes, which operators edit). Added to what the owner already holds:
 * sales orders (M01-00, M01-01, C10), products and stock (M03, C11; 盘点审核 M03-01), customers (M04), trade
 * circles (M05, C12), quotes (M10, M12), the shop decoration (M14) and the back-office settings
 * (M07). Accounting, marketing, overseas and services stay with the paid packages and operators.
 */
export const SELLER_GRANT_CODES = ['M01-00', 'M01-01', 'M03', 'M03-01', 'M04', 'M05', 'M07', 'M10', 'M12', 'M14', 'C10', 'C11', 'C12'] as const;

/** Operator codes that may review applications: the company group (D02) or its audit entry. */
export const SELLER_AUDIT_CODES = ['D02', 'D02-03'] as const;

export const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const APPLICATION_STATE_LABEL: Record<ApplicationState, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

/** Unified social credit code (统一社会信用代码) as printed on a business licence: 18 characters. */
export const LICENCE_NO = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** A mobile number (11 digits from 1) or a landline with its area code. */
export const CONTACT_PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;

/** Photos of the business licence an application may carry (optional). */
export const LICENCE_IMAGES_MAX = 3;
