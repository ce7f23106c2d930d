import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { QUOTE_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { QuoteCenterPage } from '../../features/enquiry/QuoteCenterPage';
import { QUOTE_CENTER_FILTERS } from '../../features/enquiry/quote-filters';

export const Route = createFileRoute('/backend/quote/')({
  validateSearch: listSearch(QUOTE_CENTER_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function QuoteCenter() {
    const navigate = Route.useNavigate();
    return <QuoteCenterPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
