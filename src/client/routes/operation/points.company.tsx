import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_POINTS_CODES } from '../../../shared/domain/points-codes';
import { listSearch } from '../../ui/list/list-search';
import { PointsCompanyPage } from '../../features/operation/points/PointsCompanyPage';

/** 企业积分（各企业余额、明细、手工调整与积分规则） (docs/points.md). */
export const Route = createFileRoute('/operation/points/company')({
  validateSearch: listSearch(['k'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_POINTS_CODES.companies }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <PointsCompanyPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
