import { createFileRoute } from '@tanstack/react-router';
import { OperatorLayout } from '../app/layouts/OperatorLayout';
import { guardedBy } from '../lib/router-guard';
import { OPERATOR_CODES } from '../../shared/domain/permissions';

export const Route = createFileRoute('/operation')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OPERATOR_CODES }),
  component: OperatorLayout,
});
