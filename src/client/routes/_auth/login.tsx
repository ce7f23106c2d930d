import { createFileRoute } from '@tanstack/react-router';
import { loginRouteOptions } from '../../features/session/login-route';
import { LoginPage } from '../../features/session/LoginForm';
import { mark } from '../../i18n/lang';

export const Route = createFileRoute('/_auth/login')({
  ...loginRouteOptions,
  component: () => <LoginPage loginPath="/login" title={mark('会员登录')} />,
});
