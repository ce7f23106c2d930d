import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { VnBillListPage } from '../../features/bill/VnBillPages';

/** 越南盾账单 (M11 bill): a Vietnamese company's monthly dong statements (docs/money.md#overseas-bills); the server decides who. */
export const Route = createFileRoute('/backend/overseas/bill/')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: [...FINANCE_PAGE_CODES, 'M11'] }),
  component: function VnBill() {
    const navigate = Route.useNavigate();
    return <VnBillListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
