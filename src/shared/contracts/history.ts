import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';

/**
 * What a search was, so the history replays it on its own page: OE numbers, keywords, 圈内搜索,
 * 拆车件 and 企业黄页.
 */
export const SEARCH_KINDS = ['oe', 'keyword', 'circle', 'dismantle', 'company'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** the kinds searched in 精确 / 模糊 mode; their history entries keep the mode */
export const MODED_KINDS: readonly SearchKind[] = ['keyword', 'circle', 'dismantle'];
export const SEARCH_MODES = ['exact', 'fuzzy'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const historyItemSchema = v.object({
  search_value: v.string(),
  search_type: v.picklist(SEARCH_KINDS),
  /**
   * 精确 / 模糊 of a keyword-type search; null for OE and 企业黄页 searches and older entries
   * (absent in answers cached by builds before it was kept)
   */
  search_mode: v.optional(v.nullable(v.picklist(SEARCH_MODES)), null),
  /** unix seconds */
  create_time: v.number(),
});

export const historyEntryPayload = v.object({
  search_value: v.pipe(v.string('请输入搜索内容'), v.trim(), v.nonEmpty('请输入搜索内容'), v.maxLength(500, '搜索内容最多500个字符')),
  search_type: v.optional(v.picklist(SEARCH_KINDS, '搜索类型只能是 oe、keyword、circle、dismantle 或 company'), 'oe'),
  /** kept for keyword-type searches only; ignored for OE and 企业黄页 */
  search_mode: v.optional(v.picklist(SEARCH_MODES, '搜索方式只能是 exact（精确）或 fuzzy（模糊）')),
});

export const historyEndpoints = {
  keywordHistoryList: defineEndpoint({
    method: 'get', path: '/search/history', tag: 'search', access: 'user',
    summary: '当前用户最近的搜索记录（最新在前，最多10条，相同内容只保留最新一次）',
    payload: emptyPayload, answer: v.array(historyItemSchema),
  }),
  oeSearchHistory: defineEndpoint({
    method: 'post', path: '/search/history', tag: 'search', access: 'user', idempotent: true,
    summary: '记录一条搜索历史（支持 Idempotency-Key，离线重放不会重复记录）',
    payload: historyEntryPayload, answer: historyItemSchema,
  }),
} as const;
