import { createFileRoute } from '@tanstack/react-router';
import { PURCHASE_ORDER_CODES } from '../../../../shared/domain/orders';
import { guardedBy } from '../../../lib/router-guard';
import { orderNoSearch } from '../../../features/mobile/order-params';
import { MobilePayment } from '../../../features/mobile/MobileOrders';

export const Route = createFileRoute('/ofo/purchase/payment')({
  validateSearch: orderNoSearch,
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: function OfoPayment() {
    return <MobilePayment orderNo={Route.useSearch().order_no} />;
  },
});
