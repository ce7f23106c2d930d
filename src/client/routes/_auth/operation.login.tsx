import { createFileRoute } from '@tanstack/react-router';
import { loginRouteOptions } from '../../features/session/login-route';
import { LoginPage } from '../../features/session/LoginForm';
import { mark } from '../../i18n/lang';

export const Route = createFileRoute('/_auth/operation/login')({
  ...loginRouteOptions,
  component: () => <LoginPage loginPath="/operation/login" title={mark('运营平台登录')} />,
});
