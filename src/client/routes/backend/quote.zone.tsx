import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { QUOTE_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { QuoteCenterPage } from '../../features/enquiry/QuoteCenterPage';
import { QUOTE_CENTER_FILTERS } from '../../features/enquiry/quote-filters';

/** 报价专区 (requirements 001-2-1, M10 / M12): open enquiries and wanted requests of the company's main makes. */
export const Route = createFileRoute('/backend/quote/zone')({
  validateSearch: listSearch(QUOTE_CENTER_FILTERS, []),
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function QuoteZone() {
    const navigate = Route.useNavigate();
    return <QuoteCenterPage scope="zone" search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
