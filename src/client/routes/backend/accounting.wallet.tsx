import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { FinancePage } from '../../features/orders/FinancePage';
import { financeQuery } from '../../features/orders/queries';

export const Route = createFileRoute('/backend/accounting/wallet')({
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(financeQuery()).catch(() => undefined),
  component: FinancePage,
});
