import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { RegisterPage } from '../../features/account/RegisterPage';

// guest-only: a signed-in user goes home (requirements 000-4); `invite`: a seller's invitation code (docs/customers.md)
export const Route = createFileRoute('/_auth/login_/register')({
  validateSearch: v.object({ invite: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined) }),
  beforeLoad: ({ context }) => {
    if (context.session.user) throw redirect({ to: '/', replace: true });
  },
  component: function Register() {
    const { invite } = Route.useSearch();
    return <RegisterPage invite={invite} />;
  },
});
