import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_BONUS_CODES } from '../../../shared/domain/bonus-codes';
import { listSearch } from '../../ui/list/list-search';
import { BonusHistoryPage } from '../../features/operation/bonus/BonusHistoryPage';

/** 历史结算: the settled months and the settlement of an ended one (docs/bonus.md). */
export const Route = createFileRoute('/operation/encouragement/history')({
  validateSearch: listSearch(['month', 'k'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_BONUS_CODES.read }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <BonusHistoryPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
