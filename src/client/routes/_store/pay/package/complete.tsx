import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { PackageCompletePage } from '../../../../features/membership/PackageCompletePage';
import { orderSearch } from '../../../../features/membership/queries';

export const Route = createFileRoute('/_store/pay/package/complete')({
  validateSearch: orderSearch,
  beforeLoad: guardedBy({ auth: true }),
  component: function CompleteRoute() {
    const { order_no } = Route.useSearch();
    return <PackageCompletePage key={order_no} orderNo={order_no} />;
  },
});
