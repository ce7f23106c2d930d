/**
 * Search-param names of 保养套餐 (/backend/product/maintenance), apart from the page: the route
 * validates its search with these while the route tree loads.
 */
export const MAINTENANCE_FILTER_NAMES = ['keyword', 'make_id', 'active'] as const;
export const MAINTENANCE_SORT_FIELDS = [] as const;
