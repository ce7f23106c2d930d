import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_BONUS_CODES } from '../../../shared/domain/bonus-codes';
import { listSearch } from '../../ui/list/list-search';
import { BonusCurrentPage } from '../../features/operation/bonus/BonusCurrentPage';

/** 本月业绩: each seller's running figures of this month (docs/bonus.md). */
export const Route = createFileRoute('/operation/encouragement/currentMonth')({
  validateSearch: listSearch(['k'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_BONUS_CODES.read }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <BonusCurrentPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
