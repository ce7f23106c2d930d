import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { listSearch } from '../../ui/list/list-search';
import { MaintenancePage } from '../../features/maintenance/MaintenancePage';
import { MAINTENANCE_FILTER_NAMES, MAINTENANCE_SORT_FIELDS } from '../../features/maintenance/maintenance-filters';

/** 保养套餐 (M03, docs/maintenance.md). */
export const Route = createFileRoute('/backend/product/maintenance')({
  validateSearch: listSearch(MAINTENANCE_FILTER_NAMES, MAINTENANCE_SORT_FIELDS),
  // the codes of maintenance packages are the stock's (domain/maintenance.ts MAINTENANCE_CODES); imported from
  // domain/stock, which the entry holds already, so the package rules stay out of it
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: function Maintenance() {
    const navigate = Route.useNavigate();
    return <MaintenancePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
