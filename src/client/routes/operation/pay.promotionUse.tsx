import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpPromotionUsePage } from '../../features/paid-service/OpPromotionUsePage';

/** pay/promotionUse: the purchases priced by a promotion (docs/money.md#promotion-prices). */
export const Route = createFileRoute('/operation/pay/promotionUse')({
  validateSearch: listSearch(['company', 'promotion_id', 'service', 'date_from', 'date_to'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayPromotionUse() {
    const navigate = Route.useNavigate();
    return <OpPromotionUsePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
