import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CIRCLE_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { CircleQueryPage } from '../../features/circle/CircleStockPages';
import { CIRCLE_STOCK_FILTER_NAMES } from '../../features/circle/circle-stock-filters';

/** 商品库存查询（圈主） (M05, docs/circles.md). */
export const Route = createFileRoute('/backend/circle/query')({
  validateSearch: listSearch(CIRCLE_STOCK_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: CIRCLE_CODES }),
  component: function CircleStock() {
    const navigate = Route.useNavigate();
    return <CircleQueryPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
