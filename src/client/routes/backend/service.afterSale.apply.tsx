import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { AFTERSALE_BUYER_CODES } from '../../../shared/domain/aftersale';
import { AfterSaleApplyPage } from '../../features/aftersale/AfterSaleApplyPage';
import { orderDetailQuery } from '../../features/orders/queries';

export const Route = createFileRoute('/backend/service/afterSale/apply')({
  validateSearch: v.object({
    order_no: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^SO\d{20}$/))), undefined),
    line: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  beforeLoad: (ctx) => {
    guardedBy({ auth: true, permissions: AFTERSALE_BUYER_CODES })(ctx);
    // an application is always on an order: without one, the buyer's orders to pick from
    if (!ctx.search.order_no) throw redirect({ to: '/backend/order/purchase', replace: true });
  },
  loader: ({ context, location }) => {
    const no = (location.search as { order_no?: string }).order_no;
    return no ? context.queryClient.ensureQueryData(orderDetailQuery(no)).catch(() => undefined) : undefined;
  },
  component: function Apply() {
    const s = Route.useSearch();
    return <AfterSaleApplyPage key={s.order_no} orderNo={s.order_no!} lineId={s.line} />;
  },
});
