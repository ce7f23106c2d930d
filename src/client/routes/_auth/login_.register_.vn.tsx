import { createFileRoute, redirect } from '@tanstack/react-router';
import { VnRegisterPage } from '../../features/overseas/VnRegisterPage';

// guest-only like /login/register: the registration of a company in Vietnam (docs/overseas.md). A
// guest who never chose a language reads it in Vietnamese: the root route's beforeLoad shows it
// (lang.ts showGuestLang; docs/overseas.md, "Registration")
export const Route = createFileRoute('/_auth/login_/register_/vn')({
  beforeLoad: ({ context }) => {
    if (context.session.user) throw redirect({ to: '/', replace: true });
  },
  component: VnRegisterPage,
});
