import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { marketOrDefault, marketSearch } from '../../features/operation/report/report-range';
import { RepairShopReport } from '../../features/operation/report/MarketReports';

export const Route = createFileRoute('/operation/report/weipei')({
  validateSearch: marketSearch,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: function Report() {
    const s = Route.useSearch();
    const navigate = Route.useNavigate();
    const { grain: _g, ...filter } = marketOrDefault(s);
    return <RepairShopReport filter={filter} onFilter={({ grain: _x, ...f }) => void navigate({ search: f })} />;
  },
});
