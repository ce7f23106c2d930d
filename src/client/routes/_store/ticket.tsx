import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { TicketPage } from '../../features/voucher/TicketPage';

/** 我的优惠券 (/ticket, docs/vouchers.md): tab usable | used | expired. */
export const Route = createFileRoute('/_store/ticket')({
  validateSearch: v.object({ tab: v.optional(v.fallback(v.picklist(['usable', 'used', 'expired']), 'usable'), 'usable') }),
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: function Ticket() {
    const navigate = Route.useNavigate();
    return <TicketPage tab={Route.useSearch().tab} onTab={(tab) => void navigate({ search: { tab } })} />;
  },
});
