import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { listSearch } from '../../ui/list/list-search';
import { VN_GOODS_FILTERS } from '../../features/operation/vnmall/vn-op-filters';
import { VnGoodsPage } from '../../features/operation/vnmall/VnGoodsPage';

// 越南商城商品 (docs/overseas.md "The Vietnam mall")
export const Route = createFileRoute('/operation/foreign/goods')({
  validateSearch: listSearch(VN_GOODS_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <VnGoodsPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
