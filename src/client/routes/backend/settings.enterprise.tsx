import { createFileRoute } from '@tanstack/react-router';
import { EnterprisePage } from '../../features/organisation/EnterprisePage';
import { enterpriseQuery } from '../../features/organisation/queries';

/** Every user of the company reads it (routes/backend.tsx opens /backend/settings/ to all); saving is the server's call. */
export const Route = createFileRoute('/backend/settings/enterprise')({
  loader: ({ context }) => context.queryClient.ensureQueryData(enterpriseQuery()),
  component: EnterprisePage,
});
