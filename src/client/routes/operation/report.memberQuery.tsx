import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { MEMBER_USAGE_FILTERS } from '../../features/operation/list-filters';
import { MemberUsagePage } from '../../features/operation/report/MemberUsagePage';

export const Route = createFileRoute('/operation/report/memberQuery')({
  validateSearch: listSearch(MEMBER_USAGE_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: function MemberQuery() {
    const navigate = Route.useNavigate();
    return <MemberUsagePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
