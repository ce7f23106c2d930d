import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { LIST_ENTRY_FILTERS } from '../../features/operation/list-filters';
import { ListEntriesPage } from '../../features/operation/system/ListEntriesPage';

export const Route = createFileRoute('/operation/system/label')({
  validateSearch: listSearch(LIST_ENTRY_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.lists }),
  component: function Label() {
    const navigate = Route.useNavigate();
    return <ListEntriesPage kind="label" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
