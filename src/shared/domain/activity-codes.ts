/**
 * Who may open activities (活动, docs/activities.md), apart from the rules and texts of
 * ./activities.ts: the menus and route guards read these while the entry loads.
 */

/** 商品 (M03): a seller's 活动报名 */
export const ACTIVITY_SELLER_CODES: readonly string[] = ['M03'];

/** Buyers of an activity: who may buy from the cart (C09, M02) */
export const ACTIVITY_BUYER_CODES: readonly string[] = ['C09', 'M02'];

/** The operator's 活动 group (D08): 活动列表 (create, edit, end) and 活动审核 (the sellers' applications). D08-01 is 广告位. */
export const OP_ACTIVITY_CODES = {
  list: ['D08', 'D08-02'],
  audit: ['D08', 'D08-03'],
} as const satisfies Record<string, readonly string[]>;
