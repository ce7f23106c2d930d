import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { ORG_CODES } from '../../../shared/contracts';
import { listSearch } from '../../ui/list/list-search';
import { ContactPage, CONTACT_FILTER_NAMES } from '../../features/organisation/ContactPage';

export const Route = createFileRoute('/backend/organization/contact')({
  validateSearch: listSearch(CONTACT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: ORG_CODES }),
  component: function Contacts() {
    const navigate = Route.useNavigate();
    return <ContactPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
