import { createFileRoute } from '@tanstack/react-router';
import { loginRouteOptions } from '../../features/session/login-route';
import { LoginPage } from '../../features/session/LoginForm';

export const Route = createFileRoute('/_auth/im/login')({
  ...loginRouteOptions,
  component: () => <LoginPage loginPath="/im/login" title="汽配汇 IM 登录" />,
});
