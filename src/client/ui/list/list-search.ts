/**
 * The address of a list page (docs/architecture.md, "Back office and operator pages"): every filter, the
 * page, its size and the sort live in the URL, so a reload, a shared link or the back button
 * shows the same list. Filters are text in the address; the page maps them to its call's payload.
 */
import * as v from 'valibot';

export const LIST_PAGE_SIZES = [50, 100, 200, 400, 800] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];

export interface ListSearch {
  page?: number;
  size?: ListPageSize;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | undefined;
}

/** The router parses `?brand_id=5` as a number: filters accept both and keep text. */
const filterValue = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(60), v.transform((s) => s || undefined))),
  undefined,
);

/** validateSearch of a list route: its filter names and the sort fields the call accepts. */
export const listSearch = (filters: readonly string[], sortFields: readonly string[]) =>
  v.object({
    ...Object.fromEntries(filters.map((name) => [name, filterValue])),
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100000))), undefined),
    size: v.fallback(v.optional(v.picklist(LIST_PAGE_SIZES)), undefined),
    ...(sortFields.length > 0 ? { sort: v.fallback(v.optional(v.picklist(sortFields as [string, ...string[]])), undefined) } : {}),
    order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  }) as unknown as v.GenericSchema<Record<string, unknown>, ListSearch>;

/** The filters of a search, without paging and sort. */
export const filtersOf = (search: ListSearch, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.flatMap((n) => (search[n] === undefined ? [] : [[n, String(search[n])]])));
