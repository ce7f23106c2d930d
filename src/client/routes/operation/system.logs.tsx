import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { AuditLogPage } from '../../features/operation/system/AuditLogPage';
import { LOG_FILTER_NAMES } from '../../features/operation/list-filters';

export const Route = createFileRoute('/operation/system/logs')({
  validateSearch: listSearch(LOG_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.logs }),
  component: function Logs() {
    const navigate = Route.useNavigate();
    return <AuditLogPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
