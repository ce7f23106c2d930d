import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { RegistrationStatusPage } from '../../features/overseas/RegistrationStatusPage';
import { myRegistrationQuery } from '../../features/overseas/queries';

// a Vietnamese company's registration and its review (docs/overseas.md)
export const Route = createFileRoute('/_store/apply/vn')({
  beforeLoad: guardedBy({ auth: true }),
  loader: ({ context }) => context.queryClient.ensureQueryData(myRegistrationQuery()),
  component: RegistrationStatusPage,
});
