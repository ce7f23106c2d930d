/** 订单 at the specification's path /operation/order (docs/api.md, "Pages at the specification's paths"). */
import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { ORDER_FILTER_NAMES } from '../../features/operation/list-filters';
import { OrderListPage } from '../../features/operation/trade/OrderListPage';

export const Route = createFileRoute('/operation/order/')({
  validateSearch: listSearch(ORDER_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.orders }),
  component: function Orders() {
    const navigate = Route.useNavigate();
    return <OrderListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
