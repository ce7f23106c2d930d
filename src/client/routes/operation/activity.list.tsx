import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_ACTIVITY_CODES } from '../../../shared/domain/activity-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpActivitiesPage } from '../../features/activity/OpActivitiesPage';

/** 活动列表 (D08-02, docs/activities.md): create, edit, end. */
export const Route = createFileRoute('/operation/activity/list')({
  validateSearch: listSearch(['q', 'phase'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_ACTIVITY_CODES.list }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <OpActivitiesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
