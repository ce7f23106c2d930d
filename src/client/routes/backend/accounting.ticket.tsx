import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_CODES } from '../../../shared/domain/orders';
import { listSearch } from '../../ui/list/list-search';
import { VoucherUsesPage } from '../../features/voucher/VoucherUsesPage';

/** 财务 · 券 (M09, docs/vouchers.md): vouchers on the company's purchase orders (saved) and sales orders (borne or paid by the platform). */
export const Route = createFileRoute('/backend/accounting/ticket')({
  validateSearch: listSearch(['side'], []),
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_CODES }),
  component: function AccountingTicket() {
    const navigate = Route.useNavigate();
    return <VoucherUsesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
