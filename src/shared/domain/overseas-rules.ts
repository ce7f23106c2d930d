/**
 * The light part of the overseas rules (docs/overseas.md): what the sign-in forms, the route
 * guards and the menus need, without the province list, so the first page's code stays small.
 */

/** Mã số thuế: 10 digits for an enterprise, 10 digits, a hyphen and 3 digits for a branch. */
export const VN_TAX_CODE_RE = /^\d{10}(-\d{3})?$/;

/**
 * A Vietnamese mobile: +84 (or 84) or a leading 0, then 9 digits starting 3, 5, 7, 8 or 9.
 * Spaces, dots and hyphens between the digits are dropped first.
 */
export const VN_MOBILE_RE = /^(?:\+?84|0)([35789]\d{8})$/;
/** The one stored form of a Vietnamese mobile (+84 and 9 digits), or null when it is not one. */
export const normaliseVnMobile = (s: string): string | null => {
  const m = VN_MOBILE_RE.exec(s.replace(/[\s.-]/g, ''));
  return m ? `+84${m[1]}` : null;
};

/**
 * The D codes of the 海外 group (requirements 001-2-2, group D09). D09 opens every page of it;
 * D09-01 reads the companies, users, VIN decodes, chats and quick replies; D09-02 also decides
 * registrations, disables users and edits the Vietnamese quick replies; D09-03 is the Vietnam
 * mall's (products, goods, orders, after-sales, service charges: docs/overseas.md).
 */
export const OP_FOREIGN_CODES = {
  read: ['D09', 'D09-01', 'D09-02'],
  write: ['D09', 'D09-02'],
  mall: ['D09', 'D09-03'],
} as const satisfies Record<string, readonly string[]>;

