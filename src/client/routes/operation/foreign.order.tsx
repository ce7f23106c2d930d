import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { VN_ORDER_FILTERS } from '../../features/operation/vnmall/vn-op-filters';
import { VnOrdersPage } from '../../features/operation/vnmall/VnOrdersPage';

// 越南商城订单 (docs/overseas.md "The Vietnam mall")
export const Route = createFileRoute('/operation/foreign/order')({
  validateSearch: listSearch(VN_ORDER_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <VnOrdersPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
