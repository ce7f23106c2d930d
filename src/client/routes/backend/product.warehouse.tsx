import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { listSearch } from '../../ui/list/list-search';
import { WarehousePage } from '../../features/warehouse/WarehousePage';
import { WAREHOUSE_FILTER_NAMES, WAREHOUSE_SORT_FIELDS } from '../../features/warehouse/warehouse-filters';

/** 仓库设置 (M03, docs/warehouse.md): the codes are the stock's (domain/warehouse.ts WAREHOUSE_CODES), imported from domain/stock, which the entry holds already. */
export const Route = createFileRoute('/backend/product/warehouse')({
  validateSearch: listSearch(WAREHOUSE_FILTER_NAMES, WAREHOUSE_SORT_FIELDS),
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: function Warehouses() {
    const navigate = Route.useNavigate();
    return <WarehousePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
