/**
 * Search-param names of the customer pages, apart from the pages: the routes validate their search
 * with these while the route tree loads (importing a page would put it into the entry bundle).
 */
export const CUSTOMER_FILTER_NAMES = ['keyword', 'price_level'] as const;
export const CUSTOMER_SORT_FIELDS = ['last_order', 'amount_fen', 'order_count', 'outstanding_fen', 'invited'] as const;
export const SUPPLIER_FILTER_NAMES = ['keyword', 'preferred'] as const;
/** 分公司: the tab (links, orders, stock) and the two lists' filters */
export const BRANCH_FILTER_NAMES = ['tab', 'branch_company_id', 'status', 'keyword'] as const;
