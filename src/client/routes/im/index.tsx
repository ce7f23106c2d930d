import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { ImHome } from '../../features/im/ImHome';

export const Route = createFileRoute('/im/')({
  beforeLoad: guardedBy({ auth: true }),
  component: ImHome,
});
