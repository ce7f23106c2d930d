import * as v from 'valibot';
import type { KeywordTarget } from './KeywordSearchBox';

/**
 * Search params shared by the search result routes. The address is typed by people and old links:
 * a value of the wrong type falls back to its default (or to nothing), never a route error.
 */

/** Text as typed (a number in the address, `?k=123`, is text too); anything else is empty. */
export const textParam = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isFinite(x) ? String(x) : ''))));

/**
 * The search's nonce: the time the search was made (Date.now()). It is part of the results' query
 * key, so searching the same words again asks the server again; a reload of the same address
 * does not. Anything but a non-negative whole number is dropped.
 */
export const nonceParam = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))), undefined);

/** /search/parts/oe: the codes (comma-separated) and the nonce. */
export const oeSearchParams = v.object({ code: textParam, r: nonceParam });

/**
 * What a keyword box shows of the address: the words and mode of its own page's search, nothing on
 * another page. Every box used to be handed the mode of whatever search the page showed, and
 * KeywordSearchBox sets its mode again whenever that changes: a 精确 picked in the 拆车件 box was
 * reset by a 模糊 search settling on another tab's page.
 */
export const boxInitial = (to: KeywordTarget, pathname: string, search: { k?: string; mode?: 'exact' | 'fuzzy' }) => {
  const own = to === '/search/parts/keyword' ? pathname.endsWith('/keyword')
    : to === '/search/parts/circle' ? pathname.endsWith('/circle')
    : to === '/search/dismantle/result' ? pathname.startsWith('/search/dismantle')
    : pathname.startsWith('/search/company');
  return own ? { initial: search.k, initialMode: to === '/search/company' ? undefined : search.mode } : {};
};
