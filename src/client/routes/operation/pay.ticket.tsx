import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { VoucherTemplatesPage } from '../../features/voucher/VoucherTemplatesPage';

/** pay/ticket: the platform's and sellers' vouchers; the operator issues and stops them (docs/vouchers.md). */
export const Route = createFileRoute('/operation/pay/ticket')({
  validateSearch: listSearch(['q', 'issuer', 'state'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayTicket() {
    const navigate = Route.useNavigate();
    return <VoucherTemplatesPage mode="operator" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
