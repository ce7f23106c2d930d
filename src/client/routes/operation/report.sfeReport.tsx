import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { marketOrDefault, marketSearch } from '../../features/operation/report/report-range';
import { FunnelReport } from '../../features/operation/report/MarketReports';

export const Route = createFileRoute('/operation/report/sfeReport')({
  validateSearch: marketSearch,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: function Report() {
    const s = Route.useSearch();
    const navigate = Route.useNavigate();
    return <FunnelReport filter={marketOrDefault(s)} onFilter={(f) => void navigate({ search: f })} />;
  },
});
