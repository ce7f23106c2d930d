import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { VN_AFTERSALE_FILTERS } from '../../features/operation/vnmall/vn-op-filters';
import { VnAfterSalesPage } from '../../features/operation/vnmall/VnAfterSalesPage';

// 海外售后 (docs/overseas.md "After-sales (海外售后)")
export const Route = createFileRoute('/operation/foreign/afterSale/')({
  validateSearch: listSearch(VN_AFTERSALE_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <VnAfterSalesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
