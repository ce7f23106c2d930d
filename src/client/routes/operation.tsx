import { createFileRoute } from '@tanstack/react-router';
import { OperatorLayout } from '../ui/OperatorLayout';
import { guardedBy } from '../router-guard';
import { OPERATOR_CODES } from '../../shared/domain/permissions';

export const Route = createFileRoute('/operation')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OPERATOR_CODES }),
  component: OperatorLayout,
});
