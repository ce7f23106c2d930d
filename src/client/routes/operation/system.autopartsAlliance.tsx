import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { AlliancePage } from '../../features/operation/system/AlliancePage';

/** 汽配联盟 (docs/platform-settings.md). */
export const Route = createFileRoute('/operation/system/autopartsAlliance')({
  validateSearch: listSearch(['k', 'enabled'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.platformSettingsRead }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <AlliancePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
