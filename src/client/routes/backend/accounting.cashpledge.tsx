import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { CashPledgePage } from '../../features/cash-pledge/CashPledgePage';

// ?payment=CP…: the payment the provider's page returned from (docs/money.md#cash-pledges)
const search = v.intersect([
  listSearch([], []),
  v.object({ payment: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^CP\d{20}$/))), undefined) }),
]);

/** 保证金 of a seller (M09, the back office's financial area). */
export const Route = createFileRoute('/backend/accounting/cashpledge')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES }),
  component: function CashPledge() {
    const navigate = Route.useNavigate();
    const { payment, ...list } = Route.useSearch();
    return <CashPledgePage search={list} payment={payment} onSearch={(next) => void navigate({ search: next })} />;
  },
});
