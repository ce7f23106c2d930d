import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { PURCHASE_ORDER_CODES } from '../../../shared/domain/orders';
import { OrderListPage } from '../../features/orders/OrderListPage';
import { orderListSearch } from '../../features/orders/order-search';

export const Route = createFileRoute('/backend/order/purchase')({
  validateSearch: orderListSearch,
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: function PurchaseOrders() {
    return <OrderListPage side="purchase" search={Route.useSearch()} />;
  },
});
