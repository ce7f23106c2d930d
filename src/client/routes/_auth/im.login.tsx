import { createFileRoute } from '@tanstack/react-router';
import { loginRouteOptions } from '../../features/session/login-route';
import { LoginPage } from '../../features/session/LoginForm';
import { mark } from '../../i18n/lang';

export const Route = createFileRoute('/_auth/im/login')({
  ...loginRouteOptions,
  component: () => <LoginPage loginPath="/im/login" title={mark('汽配汇 IM 登录')} />,
});
