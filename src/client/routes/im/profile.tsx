import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ImProfilePage } from '../../features/mobile/MobileIm';

export const Route = createFileRoute('/im/profile')({
  beforeLoad: guardedBy({ auth: true }),
  component: ImProfilePage,
});
