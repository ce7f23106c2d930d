import * as v from 'valibot';

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
