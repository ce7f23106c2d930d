import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CompanyResults } from '../../../features/search/CompanyResults';
import { textParam } from '../../../features/search/search-params';

const searchSchema = v.object({
  k: textParam,
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
});

export const Route = createFileRoute('/_store/search/company')({
  validateSearch: searchSchema,
  component: function CompanyPage() {
    const { k, page } = Route.useSearch();
    return k ? <CompanyResults k={k} page={page ?? 1} /> : null;
  },
});
