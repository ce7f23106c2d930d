import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { BRAND_FILTER_NAMES } from '../../features/operation/list-filters';
import { BrandListPage } from '../../features/operation/product/BrandPages';

export const Route = createFileRoute('/operation/product/brand')({
  validateSearch: listSearch(BRAND_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.products }),
  component: function Brands() {
    const navigate = Route.useNavigate();
    return <BrandListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
