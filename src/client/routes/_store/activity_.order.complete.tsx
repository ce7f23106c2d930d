import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { ACTIVITY_BUYER_CODES } from '../../../shared/domain/activity-codes';
import { ActivityCompletePage } from '../../features/activity/ActivityCompletePage';

/** 活动下单成功 (/activity/order/complete?no=SO…, docs/activities.md). */
export const Route = createFileRoute('/_store/activity_/order/complete')({
  validateSearch: v.object({ no: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^SO\d{20}$/)), ''), '') }),
  beforeLoad: guardedBy({ auth: true, permissions: ACTIVITY_BUYER_CODES }),
  component: function ActivityCompleteRoute() {
    const { no } = Route.useSearch();
    return <ActivityCompletePage key={no} no={no} />;
  },
});
