import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { OrderDetailPage } from '../../features/orders/OrderDetailPage';
import { orderDetailQuery } from '../../features/orders/queries';

export const Route = createFileRoute('/backend/order/detail/$orderNo')({
  beforeLoad: guardedBy({ auth: true, permissions: [...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES, 'M08'] }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(orderDetailQuery(params.orderNo)).catch(() => undefined),
  component: function OrderDetailRoute() {
    const { orderNo } = Route.useParams();
    return <OrderDetailPage key={orderNo} orderNo={orderNo} />;
  },
});
