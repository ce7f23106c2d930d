import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../../features/account/RegisterPage';

// guest-only: a signed-in user goes home (requirements 000-4)
export const Route = createFileRoute('/_auth/login_/register')({
  beforeLoad: ({ context }) => {
    if (context.session.user) throw redirect({ to: '/', replace: true });
  },
  component: RegisterPage,
});
