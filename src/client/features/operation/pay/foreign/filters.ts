/** The filter names of 海外账户 and 海外充值's addresses, apart from the pages (the routes' entry bundle stays small). */
export const FOREIGN_ACCOUNT_FILTER_NAMES = ['q'] as const;
export const FOREIGN_RECHARGE_FILTER_NAMES = ['company', 'no', 'state'] as const;
