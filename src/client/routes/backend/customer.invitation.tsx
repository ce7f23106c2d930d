import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CUSTOMER_CODES } from '../../../shared/domain/customer-codes';
import { listSearch } from '../../ui/list/list-search';
import { InvitationPage } from '../../features/customer/InvitationPage';

/** 邀请客户 (M04, docs/customers.md). */
export const Route = createFileRoute('/backend/customer/invitation')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: CUSTOMER_CODES }),
  component: function Invitations() {
    const navigate = Route.useNavigate();
    return <InvitationPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
