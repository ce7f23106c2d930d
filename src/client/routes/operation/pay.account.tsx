import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { ACCOUNT_FILTER_NAMES } from '../../features/operation/pay/money/filters';
import { AccountPage } from '../../features/operation/pay/money/AccountPage';

export const Route = createFileRoute('/operation/pay/account')({
  validateSearch: listSearch(ACCOUNT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payAccounts }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <AccountPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
