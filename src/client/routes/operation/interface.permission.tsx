import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_INTERFACE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { PermissionPage } from '../../features/operation/interface/PermissionPage';

/** 等级接口权限: the bundle each company level may grant (docs/open-platform.md, "Keys and signing") */
export const Route = createFileRoute('/operation/interface/permission')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_INTERFACE_CODES.keys }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <PermissionPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
