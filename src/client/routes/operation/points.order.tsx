import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_POINTS_CODES } from '../../../shared/domain/points-codes';
import { listSearch } from '../../ui/list/list-search';
import { PointsOrderPage } from '../../features/operation/points/PointsOrderPage';

/** 兑换订单（发货、取消） (docs/points.md). */
export const Route = createFileRoute('/operation/points/order')({
  validateSearch: listSearch(['k', 'status'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_POINTS_CODES.orders }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <PointsOrderPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
