import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_BONUS_CODES } from '../../../shared/domain/bonus-codes';
import { listSearch } from '../../ui/list/list-search';
import { BonusSettingPage } from '../../features/operation/bonus/BonusSettingPage';

/** 奖励设置: the performance bonus's rule sets (docs/bonus.md). */
export const Route = createFileRoute('/operation/encouragement/setting')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_BONUS_CODES.manage }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <BonusSettingPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
