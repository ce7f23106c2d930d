import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpPromotionPage } from '../../features/paid-service/OpPromotionPage';

/** pay/promotionPricing: promotion prices of the paid services (docs/money.md#promotion-prices). */
export const Route = createFileRoute('/operation/pay/promotionPricing')({
  validateSearch: listSearch(['q', 'service', 'state'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayPromotionPricing() {
    const navigate = Route.useNavigate();
    return <OpPromotionPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
