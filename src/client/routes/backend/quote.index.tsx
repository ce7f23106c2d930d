import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { QUOTE_CODES } from '../../../shared/contracts';
import { listSearch } from '../../ui/list/list-search';
import { QuoteCenterPage, QUOTE_CENTER_FILTERS } from '../../features/enquiry/QuoteCenterPage';

export const Route = createFileRoute('/backend/quote/')({
  validateSearch: listSearch(QUOTE_CENTER_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function QuoteCenter() {
    const navigate = Route.useNavigate();
    return <QuoteCenterPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
