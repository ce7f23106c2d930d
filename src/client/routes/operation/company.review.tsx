import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_COMPANY_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { REVIEW_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { ReviewPage } from '../../features/operation/company/ReviewPage';

export const Route = createFileRoute('/operation/company/review')({
  validateSearch: listSearch(REVIEW_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_COMPANY_CODES.review }),
  component: function Reviews() {
    const navigate = Route.useNavigate();
    return <ReviewPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
