import { createFileRoute, notFound, useRouteContext } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { MONTH_PATTERN } from '../../../shared/domain/china-time';
import { VnBillDetailPage } from '../../features/bill/VnBillPages';
import { VnSellerSettlementPage } from '../../features/bill/VnSellerSettlementPage';

/** bill/{month}: a Vietnamese company's dong statement of the month, or a Chinese seller's mall settlement of it (docs/money.md#overseas-bills). */
export const Route = createFileRoute('/backend/overseas/bill/$month')({
  beforeLoad: (args) => {
    guardedBy({ auth: true, permissions: [...FINANCE_PAGE_CODES, 'M11'] })(args);
    if (!MONTH_PATTERN.test(args.params.month)) throw notFound();
  },
  component: function OverseasBillMonth() {
    const { month } = Route.useParams();
    const { session } = useRouteContext({ from: '__root__' });
    return session.user?.country === 'VN' ? <VnBillDetailPage month={month} /> : <VnSellerSettlementPage month={month} />;
  },
});
