import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { CheckoutCompletePage } from '../../features/orders/CheckoutCompletePage';
import { completeSearch } from '../../features/orders/order-search';

export const Route = createFileRoute('/_store/cart_/order/complete')({
  validateSearch: completeSearch,
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: function CompleteRoute() {
    const { checkout } = Route.useSearch();
    return <CheckoutCompletePage key={checkout} checkoutNo={checkout} />;
  },
});
