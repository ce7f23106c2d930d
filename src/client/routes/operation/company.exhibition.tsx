import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { EXHIBITION_FILTERS } from '../../features/operation/list-filters';
import { ExhibitionPage } from '../../features/operation/company/ExhibitionPage';

export const Route = createFileRoute('/operation/company/exhibition')({
  validateSearch: listSearch(EXHIBITION_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.companyRead }),
  component: function Exhibition() {
    const navigate = Route.useNavigate();
    return <ExhibitionPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
