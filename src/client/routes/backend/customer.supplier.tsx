import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { SUPPLIER_CODES } from '../../../shared/domain/customer-codes';
import { listSearch } from '../../ui/list/list-search';
import { SupplierListPage } from '../../features/customer/SupplierListPage';
import { SUPPLIER_FILTER_NAMES } from '../../features/customer/customer-filters';

/** 供应商 (M04 or the purchase codes, docs/customers.md). */
export const Route = createFileRoute('/backend/customer/supplier')({
  validateSearch: listSearch(SUPPLIER_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, permissions: SUPPLIER_CODES }),
  component: function Suppliers() {
    const navigate = Route.useNavigate();
    return <SupplierListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
