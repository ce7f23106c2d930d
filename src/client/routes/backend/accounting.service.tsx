import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { ServicePage } from '../../features/paid-service/ServicePage';

// ?purchase=SV…: the purchase the provider's page returned from (docs/money.md#paid-services)
const search = v.intersect([
  listSearch([], []),
  v.object({ purchase: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^SV\d{20}$/))), undefined) }),
]);

/** 购买服务 (M09, the back office's financial area). */
export const Route = createFileRoute('/backend/accounting/service')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES }),
  component: function BuyService() {
    const navigate = Route.useNavigate();
    const { purchase, ...list } = Route.useSearch();
    return <ServicePage search={list} purchase={purchase} onSearch={(next) => void navigate({ search: next })} />;
  },
});
