import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { VN_PRODUCT_FILTERS } from '../../features/operation/vnmall/vn-op-filters';
import { VnProductsPage } from '../../features/operation/vnmall/VnProductsPage';

// 海外商品 (docs/overseas.md "Parts (海外商品)")
export const Route = createFileRoute('/operation/foreign/product')({
  validateSearch: listSearch(VN_PRODUCT_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <VnProductsPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
