import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { SpotCheckoutPage } from '../../features/orders/SpotCheckoutPage';
import { cartListQuery } from '../../features/cart/queries';

/** 现货下单 (docs/spot-goods.md): `ids`, the cart lines to order, comma-separated. */
export const Route = createFileRoute('/_store/cart_/order/spotCreate')({
  validateSearch: v.object({ ids: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}(,\d{1,10}){0,199}$/))), undefined) }),
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(cartListQuery('配件产品')).catch(() => undefined),
  component: function Page() {
    const { ids } = Route.useSearch();
    return <SpotCheckoutPage ids={(ids ?? '').split(',').filter(Boolean).map(Number)} />;
  },
});
