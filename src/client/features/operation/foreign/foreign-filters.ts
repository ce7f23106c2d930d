/** The address filters of the 海外 pages (light: the route files read them). */
export const FOREIGN_COMPANY_FILTERS = ['state', 'province', 'k'] as const;
export const FOREIGN_USER_FILTERS = ['k', 'company', 'active'] as const;
export const FOREIGN_VIN_FILTERS = ['vin', 'company', 'date_from', 'date_to'] as const;
export const FOREIGN_CHAT_FILTERS = ['a', 'b'] as const;
export const FOREIGN_QUICK_REPLY_FILTERS = ['k', 'company', 'missing_vn'] as const;
