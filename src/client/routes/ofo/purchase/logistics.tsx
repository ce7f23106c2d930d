import { createFileRoute, redirect } from '@tanstack/react-router';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../../shared/domain/orders';
import { guardedBy } from '../../../lib/router-guard';
import { orderNoSearch } from '../../../features/mobile/order-params';
import { MobileLogistics } from '../../../features/mobile/MobileOrders';

export const Route = createFileRoute('/ofo/purchase/logistics')({
  validateSearch: orderNoSearch,
  beforeLoad: (ctx) => {
    guardedBy({ auth: true, permissions: [...PURCHASE_ORDER_CODES, ...SALES_ORDER_CODES] })(ctx);
    // without an order number there is nothing to show: the order list
    if (!ctx.search.order_no) throw redirect({ to: '/ofo/purchase/order', replace: true });
  },
  component: function Page() {
    return <MobileLogistics orderNo={Route.useSearch().order_no!} />;
  },
});
