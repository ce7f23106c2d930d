import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateOeBatch } from '../../../../../shared/domain/oe';
import { OeResults } from '../../../../features/search/OeResults';
import { oeSearchParams } from '../../../../features/search/search-params';

export const Route = createFileRoute('/_store/search/parts/oe')({
  validateSearch: oeSearchParams,
  beforeLoad: ({ search }) => {
    // without a code the OE page goes back to /search (requirements 000-2)
    if (!search.code || !validateOeBatch(search.code.split(',')).ok) throw redirect({ to: '/search', replace: true });
  },
  component: function OePage() {
    const { code, r } = Route.useSearch();
    const batch = validateOeBatch((code ?? '').split(','));
    return batch.ok ? <OeResults codes={batch.codes} r={r} /> : null;
  },
});
