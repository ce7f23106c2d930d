import { createFileRoute } from '@tanstack/react-router';
import { ProfileSettings } from '../../features/account/ProfileSettings';
import { accountProfileQuery } from '../../features/account/queries';

export const Route = createFileRoute('/backend/settings/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountProfileQuery()),
  component: ProfileSettings,
});
