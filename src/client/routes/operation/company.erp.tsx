import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ERP_OP_CODES } from '../../../shared/domain/erp';
import { listSearch } from '../../ui/list/list-search';
import { ERP_COMPANY_FILTER_NAMES } from '../../features/operation/erp/erp-filters';
import { CompanyErpPage } from '../../features/operation/erp/CompanyErpPages';

export const Route = createFileRoute('/operation/company/erp')({
  validateSearch: listSearch(ERP_COMPANY_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: ERP_OP_CODES.companies }),
  component: function CompanyErp() {
    const navigate = Route.useNavigate();
    return <CompanyErpPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
