import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { UserListPage } from '../../features/operation/privilege/UserListPage';
import { USER_FILTER_NAMES } from '../../features/operation/list-filters';

export const Route = createFileRoute('/operation/users')({
  validateSearch: listSearch(USER_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.usersRead }),
  component: function Users() {
    const navigate = Route.useNavigate();
    return <UserListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
