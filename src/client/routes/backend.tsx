import { createFileRoute } from '@tanstack/react-router';
import { BackofficeLayout } from '../ui/BackofficeLayout';
import { guardedBy } from '../router-guard';
import { backofficeRule } from '../features/backoffice-rule';

export const Route = createFileRoute('/backend')({
  beforeLoad: (ctx) => guardedBy(backofficeRule(ctx.location.pathname))(ctx),
  component: BackofficeLayout,
});
