/** The address filters of the operator's 越南商城 lists (light: the route files read them). */
export const VN_GOODS_FILTERS = ['oe', 'seller', 'state'] as const;
export const VN_ORDER_FILTERS = ['order_no', 'buyer', 'seller'] as const;
export const VN_PRODUCT_FILTERS = ['oe', 'brand', 'seller', 'state'] as const;
export const VN_AFTERSALE_FILTERS = ['no', 'buyer', 'seller', 'status', 'type'] as const;
