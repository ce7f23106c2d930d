import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { BillListPage } from '../../features/bill/BillListPage';

/** 账单 (M09 bill): the company's monthly statements (docs/money.md#bills). */
export const Route = createFileRoute('/backend/accounting/bill/')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES }),
  component: function Bill() {
    const navigate = Route.useNavigate();
    return <BillListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
