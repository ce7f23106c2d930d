import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { PAY_FILTER_NAMES } from '../../features/operation/list-filters';
import { PayListPage } from '../../features/operation/pay/PayListPage';

export const Route = createFileRoute('/operation/pay/record')({
  validateSearch: listSearch(PAY_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.pay }),
  component: function PayRecord() {
    const navigate = Route.useNavigate();
    return <PayListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
