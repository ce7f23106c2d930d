import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { SUPPLIER_CODES } from '../../../shared/domain/customer-codes';
import { listSearch } from '../../ui/list/list-search';
import { BranchPage } from '../../features/customer/BranchPage';
import { BRANCH_FILTER_NAMES } from '../../features/customer/customer-filters';

/** 分公司 (M04 or a purchase code; the owner changes links, docs/customers.md "Branch companies"). */
export const Route = createFileRoute('/backend/customer/branch')({
  validateSearch: listSearch(BRANCH_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: SUPPLIER_CODES }),
  component: function Branches() {
    const navigate = Route.useNavigate();
    return <BranchPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
