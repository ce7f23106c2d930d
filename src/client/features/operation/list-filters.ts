/**
 * Search-param names of list pages, apart from the pages themselves: the routes validate their
 * search with these while the route tree loads, and importing the page for them would put the
 * whole page into the entry bundle (autoCodeSplitting splits only the component).
 */
export const COMPANY_FILTER_NAMES = ['k', 'city', 'level_id', 'state', 'seller', 'business_type', 'group_id'] as const;
export const COMPANY_SORTS = ['id', 'created', 'stock', 'level_end'] as const;
export const USER_FILTER_NAMES = ['k', 'company', 'company_id', 'active'] as const;
export const LOG_FILTER_NAMES = ['operator', 'entity', 'entity_id', 'action', 'date_from', 'date_to'] as const;
export const ENQUIRY_FILTER_NAMES = ['no', 'buyer', 'oe', 'state', 'date_from', 'date_to'] as const;
export const ORDER_FILTER_NAMES = ['no', 'buyer', 'seller', 'status', 'pay_status', 'date_from', 'date_to'] as const;
export const PAY_FILTER_NAMES = ['company', 'no', 'state', 'date_from', 'date_to'] as const;
export const LIST_ENTRY_FILTERS = ['k', 'group_name', 'active'] as const;
export const PRODUCT_FILTER_NAMES = ['oe', 'name', 'brand', 'seller', 'state'] as const;
export const BRAND_FILTER_NAMES = ['k', 'active'] as const;
export const MAKE_FILTER_NAMES = ['k', 'initial', 'active'] as const;
export const BRAND_MERGE_FILTER_NAMES = ['k', 'state'] as const;
export const MEMBER_USAGE_FILTERS = ['company', 'level_type', 'activity', 'date_from', 'date_to'] as const;
export const EXHIBITION_FILTERS = ['company', 'has'] as const;

/** 售后 (/operation/service) */
export const OP_AFTERSALE_FILTER_NAMES = ['no', 'buyer', 'seller', 'status', 'type', 'date_from', 'date_to'] as const;

/** 微信模板消息's send log (/operation/system/notice/wechat) */
export const WECHAT_FILTER_NAMES = ['scene', 'state', 'k', 'date_from', 'date_to'] as const;
/** 批量工具 (/operation/system/batchtools) */
export const BATCH_FILTER_NAMES = ['job_kind', 'state'] as const;
