import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpBillListPage } from '../../features/bill/OpBillListPage';

/** 账单 (pay/bill): every company's statement of a month (docs/money.md#bills). */
export const Route = createFileRoute('/operation/pay/bill/')({
  validateSearch: listSearch(['month', 'company'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.pay }),
  component: function PayBill() {
    const navigate = Route.useNavigate();
    return <OpBillListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
