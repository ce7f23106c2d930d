import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { PromotionCodePage } from '../../features/operation/pay/PromotionCodePage';

export const Route = createFileRoute('/operation/pay/promotionCode')({
  validateSearch: listSearch(['q', 'state'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.promotionRead }),
  component: function PromotionCode() {
    const navigate = Route.useNavigate();
    return <PromotionCodePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
