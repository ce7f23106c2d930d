import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { AutopartsCityPage } from '../../features/operation/system/AutopartsCityPage';

/** 汽配城 (docs/platform-settings.md). */
export const Route = createFileRoute('/operation/system/autopartsCity')({
  validateSearch: listSearch(['k', 'province', 'enabled'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.platformSettingsRead }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <AutopartsCityPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
