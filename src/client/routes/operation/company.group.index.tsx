import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_GROUP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { GROUP_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { GroupListPage } from '../../features/operation/company/GroupListPage';

export const Route = createFileRoute('/operation/company/group/')({
  validateSearch: listSearch(GROUP_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_GROUP_CODES.read }),
  component: function Groups() {
    const navigate = Route.useNavigate();
    return <GroupListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
