/**
 * Search-param names of list pages, apart from the pages themselves: the routes validate their
 * search with these while the route tree loads, and importing the page for them would put the
 * whole page into the entry bundle (autoCodeSplitting splits only the component).
 */
export const QUOTE_CENTER_FILTERS = ['state', 'make', 'keyword'] as const;
