import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { OrderListPage } from '../../features/orders/OrderListPage';
import { orderListSearch } from '../../features/orders/order-search';

export const Route = createFileRoute('/backend/order/sales')({
  validateSearch: orderListSearch,
  beforeLoad: guardedBy({ auth: true, permissions: SALES_ORDER_CODES }),
  component: function SalesOrders() {
    return <OrderListPage side="sales" search={Route.useSearch()} />;
  },
});
