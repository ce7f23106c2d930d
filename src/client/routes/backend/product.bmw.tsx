import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES, STOCK_SORT_FIELDS } from '../../../shared/domain/stock';
import { listSearch } from '../../ui/list/list-search';
import { BmwStockPage } from '../../features/stock/BmwStockPage';
import { STOCK_FILTER_NAMES } from '../../features/stock/stock-filters';

/** 宝马库存 (M03, docs/maintenance.md#bmw-stock): the company's 宝马 stock with BMW's grouped part numbers. */
export const Route = createFileRoute('/backend/product/bmw')({
  validateSearch: listSearch(STOCK_FILTER_NAMES, STOCK_SORT_FIELDS),
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: function BmwStock() {
    const navigate = Route.useNavigate();
    return <BmwStockPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
