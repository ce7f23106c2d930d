import { createFileRoute, redirect } from '@tanstack/react-router';
import { orderListSearch } from '../../features/orders/order-search';

/** The /im area's purchase orders are the phone mall's: one page, not a copy. */
export const Route = createFileRoute('/im/purchase')({
  validateSearch: orderListSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/ofo/purchase/order', search, replace: true });
  },
});
