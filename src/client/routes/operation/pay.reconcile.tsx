import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { ReconcilePage } from '../../features/operation/pay/money/ReconcilePage';

export const Route = createFileRoute('/operation/pay/reconcile')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payAccounts }),
  component: ReconcilePage,
});
