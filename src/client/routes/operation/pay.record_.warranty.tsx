import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpRecordPage } from '../../features/paid-service/OpRecordPage';

/** pay/record/warranty: the purchases of the platform warranty and the months each company has left (docs/warranty.md). */
export const Route = createFileRoute('/operation/pay/record_/warranty')({
  validateSearch: listSearch(['company', 'state', 'date_from', 'date_to'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayRecordWarranty() {
    const navigate = Route.useNavigate();
    return <OpRecordPage service="warranty" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
