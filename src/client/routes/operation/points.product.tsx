import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_POINTS_CODES } from '../../../shared/domain/points-codes';
import { listSearch } from '../../ui/list/list-search';
import { PointsProductPage } from '../../features/operation/points/PointsProductPage';

/** 积分商品（所需积分、库存、上下架） (docs/points.md). */
export const Route = createFileRoute('/operation/points/product')({
  validateSearch: listSearch(['k', 'enabled'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_POINTS_CODES.products }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <PointsProductPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
