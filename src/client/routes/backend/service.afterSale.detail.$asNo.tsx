import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { AFTERSALE_CODES } from '../../../shared/domain/aftersale';
import { AfterSaleDetailPage } from '../../features/aftersale/AfterSaleDetailPage';
import { afterSaleDetailQuery } from '../../features/aftersale/queries';

export const Route = createFileRoute('/backend/service/afterSale/detail/$asNo')({
  beforeLoad: guardedBy({ auth: true, permissions: AFTERSALE_CODES }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(afterSaleDetailQuery(params.asNo)).catch(() => undefined),
  component: function AfterSaleDetailRoute() {
    const { asNo } = Route.useParams();
    return <AfterSaleDetailPage key={asNo} asNo={asNo} />;
  },
});
