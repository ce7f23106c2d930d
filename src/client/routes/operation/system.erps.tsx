import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ERP_OP_CODES } from '../../../shared/domain/erp';
import { listSearch } from '../../ui/list/list-search';
import { ERP_PRODUCT_FILTER_NAMES } from '../../features/operation/erp/erp-filters';
import { ErpsPage } from '../../features/operation/erp/ErpsPage';

export const Route = createFileRoute('/operation/system/erps')({
  validateSearch: listSearch(ERP_PRODUCT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: ERP_OP_CODES.products }),
  component: function Erps() {
    const navigate = Route.useNavigate();
    return <ErpsPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
