import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { MAKE_FILTER_NAMES } from '../../features/operation/list-filters';
import { MakeListPage } from '../../features/operation/product/BrandPages';

export const Route = createFileRoute('/operation/product/carBrand')({
  validateSearch: listSearch(MAKE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.products }),
  component: function CarBrands() {
    const navigate = Route.useNavigate();
    return <MakeListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
