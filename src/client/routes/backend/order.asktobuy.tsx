import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { WANTED_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { WantedBackofficePage } from '../../features/wanted/WantedBackofficePage';

export const Route = createFileRoute('/backend/order/asktobuy')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: WANTED_CODES }),
  component: function AskToBuy() {
    const navigate = Route.useNavigate();
    return <WantedBackofficePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
