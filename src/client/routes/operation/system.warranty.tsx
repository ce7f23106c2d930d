import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { WarrantyTermsPage } from '../../features/operation/system/WarrantyTermsPage';

/** 质保条款: the platform warranty's terms (docs/warranty.md). */
export const Route = createFileRoute('/operation/system/warranty')({
  validateSearch: listSearch(['k', 'enabled'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.warranty }),
  component: function Warranty() {
    const navigate = Route.useNavigate();
    return <WarrantyTermsPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
