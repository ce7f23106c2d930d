/** The filter names of the 接口 pages' addresses, apart from the pages (the routes' entry bundle stays small). */
export const OP_KEY_FILTER_NAMES = ['company', 'state'] as const;
export const OP_CALL_FILTER_NAMES = ['company', 'status', 'date_from', 'date_to'] as const;
