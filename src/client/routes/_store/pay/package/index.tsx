import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { PackagesPage } from '../../../../features/membership/PackagesPage';

export const Route = createFileRoute('/_store/pay/package/')({
  beforeLoad: guardedBy({ auth: true }),
  component: PackagesPage,
});
