import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { AFTERSALE_CODES, AFTERSALE_NO_RE } from '../../../../shared/domain/aftersale';
import { guardedBy } from '../../../lib/router-guard';
import { MobileServiceOrderDetail } from '../../../features/mobile/MobileServiceOrders';

export const Route = createFileRoute('/ofo/serviceOrder/detail')({
  validateSearch: v.object({ as_no: v.fallback(v.optional(v.pipe(v.string(), v.regex(AFTERSALE_NO_RE))), undefined) }),
  beforeLoad: (ctx) => {
    guardedBy({ auth: true, permissions: AFTERSALE_CODES })(ctx);
    // without an after-sale number there is nothing to show: the list
    if (!ctx.search.as_no) throw redirect({ to: '/ofo/serviceOrder', replace: true });
  },
  component: function OfoServiceOrderDetail() {
    const asNo = Route.useSearch().as_no!;
    return <MobileServiceOrderDetail key={asNo} asNo={asNo} />;
  },
});
