import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { listSearch } from '../../ui/list/list-search';
import { PromoPlansPage } from '../../features/promo-plan/PromoPlansPage';

/** 营销 · 促销计划 (M13, docs/promotions.md): the seller's promotion plans. */
export const Route = createFileRoute('/backend/marketing/promotionPlan')({
  validateSearch: listSearch(['q', 'state'], []),
  beforeLoad: guardedBy({ auth: true, permissions: ['M13'] }),
  component: function MarketingPromotionPlan() {
    const navigate = Route.useNavigate();
    return <PromoPlansPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
