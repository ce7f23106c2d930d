import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_INTERFACE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { GroupPage } from '../../features/operation/interface/GroupPage';

/** 接口权限组: the scope bundles (docs/open-platform.md, "Keys and signing") */
export const Route = createFileRoute('/operation/interface/group')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_INTERFACE_CODES.keys }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <GroupPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
