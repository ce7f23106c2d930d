import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_GROUP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { GROUP_NOTICE_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { GroupNoticesPage } from '../../features/operation/report/GroupNoticesPage';

export const Route = createFileRoute('/operation/report/groupMessage')({
  validateSearch: listSearch(GROUP_NOTICE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_GROUP_CODES.messages }),
  component: function GroupNotices() {
    const navigate = Route.useNavigate();
    return <GroupNoticesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
