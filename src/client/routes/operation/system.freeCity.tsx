import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { FreeCityPage } from '../../features/operation/system/FreeCityPage';

/** 包邮城市 (docs/platform-settings.md). */
export const Route = createFileRoute('/operation/system/freeCity')({
  validateSearch: listSearch(['province', 'enabled'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.platformSettingsRead }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <FreeCityPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
