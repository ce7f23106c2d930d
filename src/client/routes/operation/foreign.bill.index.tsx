import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { OpVnBillListPage } from '../../features/bill/OpVnBillListPage';

/** 海外账单 (foreign/bill): every Vietnamese company's dong statement of a month (docs/money.md#overseas-bills). */
export const Route = createFileRoute('/operation/foreign/bill/')({
  validateSearch: listSearch(['month', 'company'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.read }),
  component: function ForeignBill() {
    const navigate = Route.useNavigate();
    return <OpVnBillListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
