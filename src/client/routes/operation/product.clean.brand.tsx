import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { BRAND_MERGE_FILTER_NAMES } from '../../features/operation/list-filters';
import { BrandCleanPage } from '../../features/operation/product/BrandCleanPage';

export const Route = createFileRoute('/operation/product/clean/brand')({
  validateSearch: listSearch(BRAND_MERGE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.catalogueClean }),
  component: function BrandClean() {
    const navigate = Route.useNavigate();
    return <BrandCleanPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
