import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { FOREIGN_ACCOUNT_FILTER_NAMES } from '../../features/operation/pay/foreign/filters';
import { ForeignAccountPage } from '../../features/operation/pay/foreign/ForeignPayPages';

/** 海外账户 (docs/money.md#money-in-dong): D05-05, or the pay readers D05 and D05-01. */
export const Route = createFileRoute('/operation/pay/foreignAccount')({
  validateSearch: listSearch(FOREIGN_ACCOUNT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payForeign }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ForeignAccountPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
