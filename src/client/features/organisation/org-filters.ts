/**
 * Search-param names of list pages, apart from the pages themselves: the routes validate their
 * search with these while the route tree loads, and importing the page for them would put the
 * whole page into the entry bundle (autoCodeSplitting splits only the component).
 */
export const EMPLOYEE_FILTER_NAMES = ['keyword', 'active'] as const;
export const CONTACT_FILTER_NAMES = ['keyword'] as const;
