import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { listSearch } from '../../ui/list/list-search';
import { VoucherTemplatesPage } from '../../features/voucher/VoucherTemplatesPage';

/** 营销 · 优惠券 (M13, docs/vouchers.md): the seller's own vouchers. */
export const Route = createFileRoute('/backend/marketing/ticket')({
  validateSearch: listSearch(['q', 'state'], []),
  beforeLoad: guardedBy({ auth: true, permissions: ['M13'] }),
  component: function MarketingTicket() {
    const navigate = Route.useNavigate();
    return <VoucherTemplatesPage mode="seller" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
