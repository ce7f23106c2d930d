import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { MONTH_PATTERN } from '../../../shared/domain/china-time';
import { VnBillDetailPage } from '../../features/bill/VnBillPages';

/** bill/{month}: one month's dong statement with its lines and XLSX (docs/money.md#overseas-bills). */
export const Route = createFileRoute('/backend/overseas/bill/$month')({
  beforeLoad: (args) => {
    guardedBy({ auth: true, permissions: [...FINANCE_PAGE_CODES, 'M11'] })(args);
    if (!MONTH_PATTERN.test(args.params.month)) throw notFound();
  },
  component: function VnBillMonth() {
    return <VnBillDetailPage month={Route.useParams().month} />;
  },
});
