import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AFTERSALE_CODES, AFTERSALE_STATUSES } from '../../../../shared/domain/aftersale';
import { guardedBy } from '../../../lib/router-guard';
import { MobileServiceOrderList } from '../../../features/mobile/MobileServiceOrders';

export const Route = createFileRoute('/ofo/serviceOrder/')({
  validateSearch: v.object({
    side: v.fallback(v.optional(v.picklist(['seller', 'buyer'])), undefined),
    status: v.fallback(v.optional(v.picklist(AFTERSALE_STATUSES)), undefined),
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  beforeLoad: guardedBy({ auth: true, permissions: AFTERSALE_CODES }),
  component: function OfoServiceOrders() {
    return <MobileServiceOrderList search={Route.useSearch()} />;
  },
});
