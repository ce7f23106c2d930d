import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { CART_CODES } from '../../../shared/contracts';
import { CheckoutPage } from '../../features/orders/CheckoutPage';
import { cartListQuery } from '../../features/cart/queries';

export const Route = createFileRoute('/_store/cart_/order/create')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(cartListQuery()).catch(() => undefined),
  component: CheckoutPage,
});
