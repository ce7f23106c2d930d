import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpRecordPage } from '../../features/paid-service/OpRecordPage';

/** pay/record/vin: the purchases of the vin pack and the companies' use (docs/money.md#paid-services). */
export const Route = createFileRoute('/operation/pay/record_/vin')({
  validateSearch: listSearch(['company', 'state', 'date_from', 'date_to'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayRecordVin() {
    const navigate = Route.useNavigate();
    return <OpRecordPage service="vin" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
