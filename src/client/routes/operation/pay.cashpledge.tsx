import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpCashPledgePage } from '../../features/cash-pledge/OpCashPledgePage';

/** 保证金 (pay/cashpledge): the amount per level and every seller's pledge (docs/money.md#cash-pledges). */
export const Route = createFileRoute('/operation/pay/cashpledge')({
  validateSearch: listSearch(['company', 'state'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayCashPledge() {
    const navigate = Route.useNavigate();
    return <OpCashPledgePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
