import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { EPC_FILTER_NAMES } from '../../features/illustration/search-params';
import { EpcVehicleListPage } from '../../features/illustration/OperatorEpcPages';

export const Route = createFileRoute('/operation/product/epc/')({
  validateSearch: listSearch(EPC_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.epcIllustration }),
  component: function EpcVehicles() {
    const navigate = Route.useNavigate();
    return <EpcVehicleListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
