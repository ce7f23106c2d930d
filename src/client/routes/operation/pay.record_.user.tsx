import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpRecordPage } from '../../features/paid-service/OpRecordPage';

/** pay/record/user: the purchases of the user pack and the companies' use (docs/money.md#paid-services). */
export const Route = createFileRoute('/operation/pay/record_/user')({
  validateSearch: listSearch(['company', 'state', 'date_from', 'date_to'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayRecordUser() {
    const navigate = Route.useNavigate();
    return <OpRecordPage service="user" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
