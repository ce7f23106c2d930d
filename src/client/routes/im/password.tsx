import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ImPasswordPage } from '../../features/mobile/MobileIm';

export const Route = createFileRoute('/im/password')({
  beforeLoad: guardedBy({ auth: true }),
  component: ImPasswordPage,
});
