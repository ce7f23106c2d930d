/**
 * Search-param names of the 商圈库存 pages (docs/circles.md), apart from the pages: the routes
 * validate their search with these while the route tree loads.
 */
export const CIRCLE_STOCK_FILTER_NAMES = ['circle', 'k'] as const;
