import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { KEYWORD_SORT_FIELDS, PAGE_SIZES } from '../../../shared/contracts/search';
import { PRICE_COLUMNS } from '../../../shared/domain/prices';
import { nonceParam, textParam } from './search-params';

const amount = v.fallback(v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(9999999))), undefined);
const count = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999999))), undefined);

/**
 * Search params of the keyword-style result pages (k, mode, r, the page, brand, sorting and
 * filters), so a reload or a shared address shows the same results. Unknown values are dropped.
 */
export const keywordSearchSchema = v.object({
  k: textParam,
  mode: v.optional(v.fallback(v.picklist(['exact', 'fuzzy']), 'fuzzy')),
  r: nonceParam,
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  size: v.optional(v.fallback(v.picklist([...PAGE_SIZES]), 50)),
  /** the part brand chosen in the picker: its id filters on the server, its name is shown */
  brand: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  bn: v.fallback(v.optional(v.string()), undefined),
  /** server-side sort: a column and its direction; absent = by relevance */
  sort: v.fallback(v.optional(v.picklist(KEYWORD_SORT_FIELDS)), undefined),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  /** price filter: the column (default 标准价) and the range in yuan */
  pc: v.fallback(v.optional(v.picklist(PRICE_COLUMNS)), undefined),
  pmin: amount,
  pmax: amount,
  /** stock quantity range */
  smin: count,
  smax: count,
});
export type KeywordSearch = v.InferOutput<typeof keywordSearchSchema>;

/**
 * Route options of the keyword-style result pages (/search/parts/keyword, /search/parts/circle,
 * /search/dismantle/result): the same search params, and without k they go back to /search (requirements 000-2).
 */
export const keywordResultsRoute = {
  validateSearch: keywordSearchSchema,
  beforeLoad: ({ search }: { search: { k?: string } }) => {
    if (!search.k) throw redirect({ to: '/search', replace: true });
  },
};
