import * as v from 'valibot';
import { nonceParam, textParam } from '../search/search-params';

/**
 * /ofo/search and /ofo/spotGoods: the OE codes (comma-separated) or the keyword with its mode, the
 * search's nonce and the page, so a reload shows the same results. Bad values fall back.
 */
export const mobileSearchSchema = v.object({
  code: textParam,
  k: textParam,
  mode: v.optional(v.fallback(v.picklist(['exact', 'fuzzy']), 'fuzzy')),
  r: nonceParam,
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  tab: v.optional(v.fallback(v.picklist(['oe', 'keyword']), 'oe')),
});
export type MobileSearch = v.InferOutput<typeof mobileSearchSchema>;
/** Keyword results per page on the phone. */
export const MOBILE_PAGE_SIZE = 50;
