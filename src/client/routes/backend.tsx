import { createFileRoute } from '@tanstack/react-router';
import { BackofficeLayout } from '../app/layouts/BackofficeLayout';
import { guardedBy } from '../lib/router-guard';
import { backofficeRule } from '../app/backoffice-rule';

export const Route = createFileRoute('/backend')({
  beforeLoad: (ctx) => guardedBy(backofficeRule(ctx.location.pathname))(ctx),
  component: BackofficeLayout,
});
