/** The filter names of the money pages' addresses, apart from the pages (the routes' entry bundle stays small). */
export const WITHDRAW_FILTER_NAMES = ['state', 'company', 'no'] as const;
export const CARD_FILTER_NAMES = ['state', 'company'] as const;
export const ACCOUNT_FILTER_NAMES = ['q'] as const;
export const ADJUST_FILTER_NAMES = ['state'] as const;
