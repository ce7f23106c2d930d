import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { rangeOrDefault, reportRangeSearch } from '../../features/operation/report/report-range';
import { MemberReport } from '../../features/operation/report/ReportPages';

export const Route = createFileRoute('/operation/report/member')({
  validateSearch: reportRangeSearch,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: function Report() {
    const s = Route.useSearch();
    const navigate = Route.useNavigate();
    return <MemberReport range={rangeOrDefault(s)} onRange={(r) => void navigate({ search: r })} />;
  },
});
