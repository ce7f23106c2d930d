/**
 * Search-param names of list pages, apart from the pages themselves: the routes validate their
 * search with these while the route tree loads, and importing the page for them would put the
 * whole page into the entry bundle (autoCodeSplitting splits only the component).
 */
export const STOCK_FILTER_NAMES = [
  'supplier_oe', 'name', 'custom_brand_name', 'type_id', 'make_id', 'terminology_id', 'state', 'price_lock', 'clean_state',
  'default_code', 'supplier_vehicle', 'producing_area', 'sale_state', 'country_id', 'min_create_date', 'max_create_date', 'zero_stock',
] as const;
