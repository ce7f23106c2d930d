import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { ADJUST_FILTER_NAMES } from '../../features/operation/pay/money/filters';
import { AdjustPage } from '../../features/operation/pay/money/AdjustPage';

export const Route = createFileRoute('/operation/pay/adjust')({
  validateSearch: listSearch(ADJUST_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payAccounts }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <AdjustPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
