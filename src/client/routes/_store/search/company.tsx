import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CompanyResults } from '../../../features/search/CompanyResults';
import { textParam } from '../../../features/search/search-params';

const searchSchema = v.object({
  k: textParam,
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  /** a 汽配城's id: only its sellers (docs/platform-settings.md#autoparts-markets) */
  market: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/_store/search/company')({
  validateSearch: searchSchema,
  component: function CompanyPage() {
    const { k, page, market } = Route.useSearch();
    return k || market ? <CompanyResults k={k ?? ''} market={market ?? 0} page={page ?? 1} /> : null;
  },
});
