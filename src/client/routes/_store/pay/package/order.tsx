import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { PackageOrderPage } from '../../../../features/membership/PackageOrderPage';
import { orderSearch } from '../../../../features/membership/queries';

export const Route = createFileRoute('/_store/pay/package/order')({
  validateSearch: orderSearch,
  beforeLoad: guardedBy({ auth: true }),
  component: function OrderRoute() {
    const { order_no } = Route.useSearch();
    return <PackageOrderPage key={order_no} orderNo={order_no} />;
  },
});
