import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { CheckoutPage } from '../../features/orders/CheckoutPage';
import { cartListQuery, typeOfKind } from '../../features/cart/queries';

export const Route = createFileRoute('/_store/cart_/order/create')({
  // kind=quote: the 临时产品 cart of accepted quotes
  validateSearch: v.object({ kind: v.optional(v.fallback(v.picklist(['stock', 'quote']), 'stock')) }),
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(cartListQuery(typeOfKind(deps.kind))).catch(() => undefined),
  component: function Page() {
    return <CheckoutPage kind={Route.useSearch().kind ?? 'stock'} />;
  },
});
