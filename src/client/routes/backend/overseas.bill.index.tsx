import { createFileRoute, useRouteContext } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { VnBillListPage } from '../../features/bill/VnBillPages';
import { VnSellerSettlementPage } from '../../features/bill/VnSellerSettlementPage';

/**
 * M11 账单 (docs/money.md#overseas-bills): a Vietnamese company's monthly dong statements
 * (越南盾账单), a Chinese seller's Vietnam mall settlement of this month (越南商城账单); the server decides who.
 */
export const Route = createFileRoute('/backend/overseas/bill/')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: [...FINANCE_PAGE_CODES, 'M11'] }),
  component: function OverseasBill() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    const { session } = useRouteContext({ from: '__root__' });
    if (session.user?.country !== 'VN') return <VnSellerSettlementPage />;
    return <VnBillListPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
