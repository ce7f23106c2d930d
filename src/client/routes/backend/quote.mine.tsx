import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { QUOTE_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { MyQuotesPage } from '../../features/enquiry/MyQuotesPage';

export const Route = createFileRoute('/backend/quote/mine')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function MyQuotes() {
    const navigate = Route.useNavigate();
    return <MyQuotesPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
