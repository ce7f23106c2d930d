import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { CIRCLE_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { CircleListPage } from '../../features/operation/company/CircleListPage';

export const Route = createFileRoute('/operation/company/trade/')({
  validateSearch: listSearch(CIRCLE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.companyRead }),
  component: function Circles() {
    const navigate = Route.useNavigate();
    return <CircleListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
