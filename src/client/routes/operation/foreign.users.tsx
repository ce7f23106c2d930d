import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { FOREIGN_USER_FILTERS } from '../../features/operation/foreign/foreign-filters';
import { ForeignUsersPage } from '../../features/operation/foreign/ForeignUsersPage';

// 海外 (docs/overseas.md)
export const Route = createFileRoute('/operation/foreign/users')({
  validateSearch: listSearch(FOREIGN_USER_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.read }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ForeignUsersPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
