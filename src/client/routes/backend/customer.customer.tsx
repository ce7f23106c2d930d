import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CUSTOMER_CODES } from '../../../shared/domain/customer-codes';
import { listSearch } from '../../ui/list/list-search';
import { CustomerListPage } from '../../features/customer/CustomerListPage';
import { CUSTOMER_FILTER_NAMES, CUSTOMER_SORT_FIELDS } from '../../features/customer/customer-filters';

/** 客户 (M04, docs/customers.md). */
export const Route = createFileRoute('/backend/customer/customer')({
  validateSearch: listSearch(CUSTOMER_FILTER_NAMES, CUSTOMER_SORT_FIELDS),
  beforeLoad: guardedBy({ auth: true, permissions: CUSTOMER_CODES }),
  component: function Customers() {
    const navigate = Route.useNavigate();
    return <CustomerListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
