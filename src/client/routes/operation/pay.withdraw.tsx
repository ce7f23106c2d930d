import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { WITHDRAW_FILTER_NAMES } from '../../features/operation/pay/money/filters';
import { WithdrawPage } from '../../features/operation/pay/money/WithdrawPage';

export const Route = createFileRoute('/operation/pay/withdraw')({
  validateSearch: listSearch(WITHDRAW_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payWithdrawals }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <WithdrawPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
