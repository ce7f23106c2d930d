/**
 * Search-param names of 仓库设置 (/backend/product/warehouse), apart from the page: the route
 * validates its search with these while the route tree loads.
 */
export const WAREHOUSE_FILTER_NAMES = ['warehouse_id', 'keyword', 'active'] as const;
export const WAREHOUSE_SORT_FIELDS = [] as const;
