import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../../lib/router-guard';
import { CIRCLE_CODES } from '../../../../shared/contracts/codes';
import { CircleListPage } from '../../../features/circle/CircleListPage';
import { circleListQuery } from '../../../features/circle/queries';

const searchSchema = v.object({
  k: v.optional(v.fallback(v.pipe(v.unknown(), v.transform((x) => (x === undefined || x === null ? '' : String(x).trim().slice(0, 30)))), ''), ''),
});

export const Route = createFileRoute('/_store/trade/list')({
  validateSearch: searchSchema,
  beforeLoad: guardedBy({ auth: true, permissions: CIRCLE_CODES }),
  loaderDeps: ({ search }) => ({ k: search.k }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(circleListQuery(deps.k)),
  component: function CircleListRoute() {
    const { k } = Route.useSearch();
    return <CircleListPage k={k} />;
  },
});
