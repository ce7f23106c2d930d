import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentLang, guestLang, setLang } from '../../i18n/lang';
import { VnRegisterPage } from '../../features/overseas/VnRegisterPage';

// guest-only like /login/register: the registration of a company in Vietnam (docs/overseas.md).
// A guest who never chose a language reads it in Vietnamese, also when coming from another page
// (docs/overseas.md, "Registration"); a hover's preload changes nothing
export const Route = createFileRoute('/_auth/login_/register_/vn')({
  beforeLoad: async ({ context, location, preload }) => {
    if (context.session.user) throw redirect({ to: '/', replace: true });
    const lang = guestLang(location.pathname);
    if (!preload && lang !== currentLang()) await setLang(lang, { keep: false }).catch(() => undefined);
  },
  component: VnRegisterPage,
});
