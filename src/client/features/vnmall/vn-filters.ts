/** The address filters of the seller's 越南商城选品 list (light: the route file reads them). */
export const VN_SELECTOR_FILTERS = ['keyword', 'offered'] as const;
