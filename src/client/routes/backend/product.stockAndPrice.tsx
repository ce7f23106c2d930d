import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES, STOCK_SORT_FIELDS } from '../../../shared/domain/stock';
import { listSearch } from '../../ui/list/list-search';
import { StockPage } from '../../features/stock/StockPage';
import { STOCK_FILTER_NAMES } from '../../features/stock/stock-filters';

export const Route = createFileRoute('/backend/product/stockAndPrice')({
  validateSearch: listSearch(STOCK_FILTER_NAMES, STOCK_SORT_FIELDS),
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: function StockAndPrice() {
    const navigate = Route.useNavigate();
    return <StockPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
