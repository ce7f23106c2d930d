import { createFileRoute, redirect } from '@tanstack/react-router';
import { PasswordResetPage } from '../../features/account/PasswordResetPage';

// guest-only: a signed-in user changes the password in the back office instead
export const Route = createFileRoute('/_auth/login_/password/reset')({
  beforeLoad: ({ context }) => {
    if (context.session.user) throw redirect({ to: '/', replace: true });
  },
  component: PasswordResetPage,
});
