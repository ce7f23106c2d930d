import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { ACTIVITY_BUYER_CODES } from '../../../shared/domain/activity-codes';
import { ActivityOrderPage } from '../../features/activity/ActivityOrderPage';

const whole = (max: number, fallback: number) => v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max)), fallback), fallback);

/** 活动下单 (/activity/order/getinfo?item=&qty=, docs/activities.md): the price, the limit, the address, 提交订单. */
export const Route = createFileRoute('/_store/activity_/order/getinfo')({
  validateSearch: v.object({ item: whole(2_147_483_647, 1), qty: whole(9999, 1) }),
  beforeLoad: guardedBy({ auth: true, permissions: ACTIVITY_BUYER_CODES }),
  component: function ActivityOrderRoute() {
    const { item, qty } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ActivityOrderPage key={item} item={item} qty={qty} onQty={(q) => void navigate({ search: { item, qty: q }, replace: true })}
      onPlaced={(a) => void navigate({ to: '/activity/order/complete', search: { no: a.order.order_no } })} />;
  },
});
