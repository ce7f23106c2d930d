import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { PAGE_SIZES } from '../../../shared/contracts';
import { nonceParam, textParam } from './search-params';

/** Search params of /search/parts/keyword and /search/parts/circle (k, mode, r, and the page). */
export const keywordSearchSchema = v.object({
  k: textParam,
  mode: v.optional(v.fallback(v.picklist(['exact', 'fuzzy']), 'fuzzy')),
  r: nonceParam,
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  size: v.optional(v.fallback(v.picklist([...PAGE_SIZES]), 50)),
  /** the part brand chosen in the picker: its id filters on the server, its name is shown */
  brand: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  bn: v.fallback(v.optional(v.string()), undefined),
});

/**
 * Route options of the keyword-style result pages (/search/parts/keyword, /search/parts/circle,
 * /search/dismantle/result): the same search params, and without k they go back to /search (000 §2).
 */
export const keywordResultsRoute = {
  validateSearch: keywordSearchSchema,
  beforeLoad: ({ search }: { search: { k?: string } }) => {
    if (!search.k) throw redirect({ to: '/search', replace: true });
  },
};
