import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ORG_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { ContactPage } from '../../features/organisation/ContactPage';
import { CONTACT_FILTER_NAMES } from '../../features/organisation/org-filters';

export const Route = createFileRoute('/backend/organization/contact')({
  validateSearch: listSearch(CONTACT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: ORG_CODES }),
  component: function Contacts() {
    const navigate = Route.useNavigate();
    return <ContactPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
