import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_COMPANY_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { RELATION_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { RelationPage } from '../../features/operation/company/RelationPage';

export const Route = createFileRoute('/operation/company/relation')({
  validateSearch: listSearch(RELATION_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_COMPANY_CODES.recommendRead }),
  component: function Relations() {
    const navigate = Route.useNavigate();
    return <RelationPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
