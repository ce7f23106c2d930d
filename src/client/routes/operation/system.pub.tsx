import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { PubPagesPage } from '../../features/operation/system/PubPagesPage';

/** 公共页面 (docs/platform-settings.md). */
export const Route = createFileRoute('/operation/system/pub')({
  validateSearch: listSearch(['k', 'status'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.platformSettingsRead }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <PubPagesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
