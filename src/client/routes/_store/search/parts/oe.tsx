import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { validateOeBatch } from '../../../../../shared/domain/oe';
import { OeResults } from '../../../../features/search/OeResults';

const searchSchema = v.object({
  code: v.optional(v.pipe(v.unknown(), v.transform((x) => (x === undefined || x === null ? '' : String(x))))),
  r: v.optional(v.number()),
});

export const Route = createFileRoute('/_store/search/parts/oe')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    // without a code the OE page goes back to /search (spec 000 §2)
    if (!search.code || !validateOeBatch(search.code.split(',')).ok) throw redirect({ to: '/search', replace: true });
  },
  component: function OePage() {
    const { code } = Route.useSearch();
    const r = validateOeBatch((code ?? '').split(','));
    return r.ok ? <OeResults codes={r.codes} /> : null;
  },
});
