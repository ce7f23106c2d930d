import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { listSearch } from '../../../ui/list/list-search';
import { CALL_FILTER_NAMES } from '../../../features/open/filters';
import { CallLogPage } from '../../../features/open/CallLogPage';

/** /open/controlPanel/log: the signed calls of the company's keys (docs/open-platform.md, "Keys and signing") */
export const Route = createFileRoute('/_store/open/controlPanel/log')({
  validateSearch: listSearch(CALL_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <CallLogPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
