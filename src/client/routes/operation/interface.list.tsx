import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_INTERFACE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OP_KEY_FILTER_NAMES } from '../../features/operation/interface/filters';
import { KeysPage } from '../../features/operation/interface/KeysPage';

/** 接口列表: every company's API keys (docs/open-platform.md, "Keys and signing") */
export const Route = createFileRoute('/operation/interface/list')({
  validateSearch: listSearch(OP_KEY_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_INTERFACE_CODES.keys }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <KeysPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
