import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { MONTH_PATTERN } from '../../../shared/domain/china-time';
import { BillDetailPage } from '../../features/bill/BillStatementView';

/** One month's statement with its detail and downloads (docs/money.md#bills). */
export const Route = createFileRoute('/backend/accounting/bill/$month')({
  beforeLoad: (args) => {
    guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES })(args);
    if (!MONTH_PATTERN.test(args.params.month)) throw notFound();
  },
  component: function BillMonth() {
    return <BillDetailPage month={Route.useParams().month} />;
  },
});
