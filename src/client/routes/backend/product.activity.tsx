import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ACTIVITY_SELLER_CODES } from '../../../shared/domain/activity-codes';
import { listSearch } from '../../ui/list/list-search';
import { ActivityApplyPage } from '../../features/activity/ActivityApplyPage';

/** 商品 · 活动报名 (M03, docs/activities.md): the seller's applications and 报名活动. */
export const Route = createFileRoute('/backend/product/activity')({
  validateSearch: listSearch(['state'], []),
  beforeLoad: guardedBy({ auth: true, permissions: ACTIVITY_SELLER_CODES }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ActivityApplyPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
