/**
 * From a list page's address (ListSearch: filters as text, page, size) to its call's payload:
 * the small conversions every operator list needs, so a page's payloadOf is one declaration.
 */
import type { ListSearch } from '../../ui/list/list-search';

/** A filter as text, '' when absent. */
export const text = (s: ListSearch, k: string): string => (s[k] === undefined ? '' : String(s[k]));

/** A filter that must be one of the call's values; anything else (an edited address) is ''. */
export const oneOf = <T extends string>(s: ListSearch, k: string, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(text(s, k)) ? (text(s, k) as T) : '';

/** An id filter: a number, or '' when absent or not digits. */
export const idOf = (s: ListSearch, k: string): number | '' => (/^\d+$/.test(text(s, k)) ? Number(text(s, k)) : '');

/** 启用 / 停用 / any. */
export const activeOf = (s: ListSearch) => oneOf(s, 'active', ['true', 'false'] as const);

/** The text filters named, each as text. */
export const textsOf = <K extends string>(s: ListSearch, names: readonly K[]): Record<K, string> =>
  Object.fromEntries(names.map((n) => [n, text(s, n)])) as Record<K, string>;

/** The list block's paging. */
export const pagingOf = (s: ListSearch) => ({ page_number: s.page ?? 1, page_size: s.size ?? 50 });
