import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OP_AFTERSALE_FILTER_NAMES } from '../../features/operation/list-filters';
import { OpAfterSaleListPage } from '../../features/operation/trade/AfterSaleListPage';

export const Route = createFileRoute('/operation/service/')({
  validateSearch: listSearch(OP_AFTERSALE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.afterSales }),
  component: function Service() {
    const navigate = Route.useNavigate();
    return <OpAfterSaleListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
