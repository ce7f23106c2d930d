/** The filter names of the call log's address, apart from the page (the routes' entry bundle stays small). */
export const CALL_FILTER_NAMES = ['key_id', 'status', 'date_from', 'date_to'] as const;
