import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { CIRCLE_CODES } from '../../../../shared/contracts/codes';
import { CirclePage } from '../../../features/circle/CirclePage';
import { circleQuery } from '../../../features/circle/queries';
import { ApiError } from '../../../api/request';

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export const Route = createFileRoute('/_store/trade/$id')({
  beforeLoad: guardedBy({ auth: true, permissions: CIRCLE_CODES }),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(circleQuery(id));
    } catch (e) {
      // a circle that does not exist, or an internal one the company is not in
      if (e instanceof ApiError && e.code === 404) throw notFound();
      throw e;
    }
  },
  component: function CircleRoute() {
    const { id } = Route.useParams();
    return <CirclePage id={Number(id)} />;
  },
});
