/**
 * Limits and fixed values of the calls, apart from their schemas (like codes.ts): the phone pages
 * and the chat store read them, and importing them from the contract modules would bring every
 * schema along (the contracts barrel is one chunk). search.ts and im.ts re-export them.
 */
/** Sellers of one OE number per answer: the first page comes with oeSearch, the rest through oeSellers. */
export const OE_PAGE_MAX = 200;
/**
 * Keyword results are paged no deeper than this many rows: nobody reads past it, and each page
 * beyond costs a scan of every row before it. Narrow the search or filter instead.
 */
export const KEYWORD_MAX_ROWS = 10000;
export const IM_CONVERSATION_LIST = 150;
/** requirements 001-9: "get more history" fetches 10 older messages; the link goes when fewer come back */
export const IM_MORE_HISTORY = 10;
/** the business cards of chat (requirements 001-3): 询价单 and 报价单 */
export const SCENE_INQUIRY = 'weChat-001';
export const SCENE_QUOTE = 'weChat-002';
/** ours, beside the spec's two: a seller's stock row sent as an order link (发送订单链接, pushProductMsg); QHId and lineId are 0 */
export const SCENE_PRODUCT = 'product';
/**
 * ours: a system notice from the message assistant (requirements 001-9: order, quote and audit events).
 * BusinessInfo has 标题 (the event), 内容 (the sentence) and 单号 (order or enquiry number, or empty);
 * LinkData.link is the page that shows what it is about; QHId and lineId are 0.
 */
export const SCENE_NOTICE = 'notice';
