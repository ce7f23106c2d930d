import { createFileRoute } from '@tanstack/react-router';
import { SALES_ORDER_CODES } from '../../../../shared/domain/orders';
import { guardedBy } from '../../../lib/router-guard';
import { orderListSearch } from '../../../features/orders/order-search';
import { MobileOrderList } from '../../../features/mobile/MobileOrders';

/** 销售订单 on a phone: the phone page of /backend/order/sales (docs/architecture.md, Devices). */
export const Route = createFileRoute('/ofo/sales/order')({
  validateSearch: orderListSearch,
  beforeLoad: guardedBy({ auth: true, permissions: SALES_ORDER_CODES }),
  component: function OfoSalesOrder() {
    return <MobileOrderList search={Route.useSearch()} to="/ofo/sales/order" title="销售订单" />;
  },
});
