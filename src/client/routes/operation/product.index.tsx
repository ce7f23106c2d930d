import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { PRODUCT_FILTER_NAMES } from '../../features/operation/list-filters';
import { ProductListPage } from '../../features/operation/product/ProductListPage';

export const Route = createFileRoute('/operation/product/')({
  validateSearch: listSearch(PRODUCT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.products }),
  component: function Products() {
    const navigate = Route.useNavigate();
    return <ProductListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
