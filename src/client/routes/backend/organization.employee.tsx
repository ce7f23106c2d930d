import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ORG_CODES } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';
import { EmployeePage } from '../../features/organisation/EmployeePage';
import { EMPLOYEE_FILTER_NAMES } from '../../features/organisation/org-filters';

export const Route = createFileRoute('/backend/organization/employee')({
  validateSearch: listSearch(EMPLOYEE_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: ORG_CODES }),
  component: function Employees() {
    const navigate = Route.useNavigate();
    return <EmployeePage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
