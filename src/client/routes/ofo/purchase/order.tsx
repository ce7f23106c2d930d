import { createFileRoute } from '@tanstack/react-router';
import { PURCHASE_ORDER_CODES } from '../../../../shared/domain/orders';
import { guardedBy } from '../../../lib/router-guard';
import { orderListSearch } from '../../../features/orders/order-search';
import { MobileOrderList } from '../../../features/mobile/MobileOrders';

export const Route = createFileRoute('/ofo/purchase/order')({
  validateSearch: orderListSearch,
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: function OfoPurchaseOrder() {
    return <MobileOrderList search={Route.useSearch()} to="/ofo/purchase/order" title="采购订单" />;
  },
});
