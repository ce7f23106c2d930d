import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { CompanyListPage } from '../../features/operation/company/CompanyListPage';
import { COMPANY_FILTER_NAMES, COMPANY_SORTS } from '../../features/operation/list-filters';

export const Route = createFileRoute('/operation/company/list')({
  validateSearch: listSearch(COMPANY_FILTER_NAMES, COMPANY_SORTS),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.companyRead }),
  component: function Companies() {
    const navigate = Route.useNavigate();
    return <CompanyListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
