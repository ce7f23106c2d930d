import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { VoucherRecordPage } from '../../features/voucher/VoucherRecordPage';

/** pay/ticket/record: issued, claimed, used and expired per voucher, the cost per issuer (docs/vouchers.md). */
export const Route = createFileRoute('/operation/pay/ticket_/record')({
  validateSearch: listSearch(['q', 'issuer'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayTicketRecord() {
    const navigate = Route.useNavigate();
    return <VoucherRecordPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
