import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_ACTIVITY_CODES } from '../../../shared/domain/activity-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpActivityAuditPage } from '../../features/activity/OpActivityAuditPage';

/** 活动审核 (D08-03, docs/activities.md): approve or reject the sellers' applications. */
export const Route = createFileRoute('/operation/activity/audit')({
  validateSearch: listSearch(['state', 'activity_id'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_ACTIVITY_CODES.audit }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <OpActivityAuditPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
