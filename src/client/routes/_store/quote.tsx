import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { QuotePage } from '../../features/company/QuotePage';
import { QUOTE_CODES } from '../../features/company/quote-badge';

export const Route = createFileRoute('/_store/quote')({
  validateSearch: v.object({ page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1) }),
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function Quote() {
    return <QuotePage page={Route.useSearch().page} />;
  },
});
