import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PURCHASE_ORDER_CODES } from '../../../../shared/domain/orders';
import { guardedBy } from '../../../lib/router-guard';
import { MobilePayOrders } from '../../../features/orders/MobilePayOrders';

/** ?order_no=SO… ticks that order; ?payment=OP… shows a payment's outcome (the provider's return). Anything else is dropped. */
const search = v.object({
  order_no: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^SO\d{20}$/))), undefined),
  payment: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^OP\d{20}$/))), undefined),
});

export const Route = createFileRoute('/ofo/purchase/payment')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: function OfoPayment() {
    const s = Route.useSearch();
    return <MobilePayOrders orderNo={s.order_no} paymentNo={s.payment} />;
  },
});
