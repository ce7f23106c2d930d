import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { CARD_FILTER_NAMES } from '../../features/operation/pay/money/filters';
import { CardPage } from '../../features/operation/pay/money/CardPage';

export const Route = createFileRoute('/operation/pay/card')({
  validateSearch: listSearch(CARD_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payWithdrawals }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <CardPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
