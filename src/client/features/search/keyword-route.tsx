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
 * Every field but `bn` and `r` has its name on the wire (keywordPayload), so the address, the
 * page and the query name each field the same.
 */
export const keywordSearchSchema = v.object({
  k: textParam,
  mode: v.optional(v.fallback(v.picklist(['exact', 'fuzzy']), 'fuzzy')),
  r: nonceParam,
  page_number: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  page_size: v.optional(v.fallback(v.picklist([...PAGE_SIZES]), 50)),
  /** the part brand chosen in the picker: its id filters on the server, its name (`bn`) is shown */
  brand_id: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  bn: v.fallback(v.optional(v.string()), undefined),
  /** server-side sort: a column and its direction; absent = by relevance */
  sort_field: v.fallback(v.optional(v.picklist(KEYWORD_SORT_FIELDS)), undefined),
  sort_order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  /** price filter: the column (default 标准价) and the range in yuan */
  price_colum_name: v.fallback(v.optional(v.picklist(PRICE_COLUMNS)), undefined),
  min_price: amount,
  max_price: amount,
  /** stock quantity range */
  min_stock_qty: count,
  max_stock_qty: count,
  /** 只看现货 (docs/spot-goods.md): 1, or absent */
  spot: v.fallback(v.optional(v.literal(1)), undefined),
});
export type KeywordSearch = v.InferOutput<typeof keywordSearchSchema>;

/**
 * The names these pages' addresses used before they took the wire's names (old name → new name).
 * It exists only so that bookmarks and shared links made before then still open the same search:
 * such an address is redirected once to the new names (keywordResultsRoute). Nothing may build an
 * address with the old names.
 */
export const OLD_KEYWORD_PARAM_NAMES = {
  page: 'page_number',
  size: 'page_size',
  brand: 'brand_id',
  sort: 'sort_field',
  order: 'sort_order',
  pc: 'price_colum_name',
  pmin: 'min_price',
  pmax: 'max_price',
  smin: 'min_stock_qty',
  smax: 'max_stock_qty',
} as const satisfies Record<string, keyof KeywordSearch>;

const oldNames = new Map<string, string>(Object.entries(OLD_KEYWORD_PARAM_NAMES));

/**
 * The same search under the new names, or null when the address holds none of the old ones. A
 * new name already in the address wins over its old one; everything else is kept as it is.
 */
export const renameOldKeywordParams = (search: Record<string, unknown>): Record<string, unknown> | null => {
  if (!Object.keys(search).some((key) => oldNames.has(key))) return null;
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    const name = oldNames.get(key);
    if (name === undefined) renamed[key] = value;
    else if (!(name in search)) renamed[name] = value;
  }
  return renamed;
};

/** The keyword-style result pages. */
type KeywordResultsPath = '/search/parts/keyword' | '/search/parts/circle' | '/search/dismantle/result';

/**
 * Route options of the keyword-style result pages (/search/parts/keyword, /search/parts/circle,
 * /search/dismantle/result): the same search params, and without k they go back to /search (requirements 000-2).
 * An address with the old names goes, once and in place (replace), to the same search under the new ones.
 */
export const keywordResultsRoute = {
  validateSearch: keywordSearchSchema,
  beforeLoad: ({ search, location }: { search: { k?: string }; location: { pathname: string; search: object } }) => {
    if (!search.k) throw redirect({ to: '/search', replace: true });
    const renamed = renameOldKeywordParams(location.search as Record<string, unknown>);
    if (renamed) throw redirect({ to: location.pathname as KeywordResultsPath, search: renamed, replace: true });
  },
};
