import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { listSearch } from '../../ui/list/list-search';
import { VN_SELECTOR_FILTERS } from '../../features/vnmall/vn-filters';
import { VnSelectorPage } from '../../features/vnmall/VnSelectorPage';

/** 越南商城选品 (M11, docs/overseas.md "The Vietnam mall"). */
export const Route = createFileRoute('/backend/overseas/vnSelector')({
  validateSearch: listSearch(VN_SELECTOR_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, permissions: ['M11'] }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <VnSelectorPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
