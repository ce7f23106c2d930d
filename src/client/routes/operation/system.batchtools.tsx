import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { BATCH_FILTER_NAMES } from '../../features/operation/list-filters';
import { BatchToolsPage } from '../../features/operation/system/BatchToolsPage';

export const Route = createFileRoute('/operation/system/batchtools')({
  validateSearch: listSearch(BATCH_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.batch }),
  component: function BatchTools() {
    const navigate = Route.useNavigate();
    return <BatchToolsPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
