import { createFileRoute } from '@tanstack/react-router';
import { loginRouteOptions } from '../../features/session/login-route';
import { LoginPage } from '../../features/session/LoginForm';

export const Route = createFileRoute('/_auth/login')({
  ...loginRouteOptions,
  component: () => <LoginPage loginPath="/login" title="会员登录" />,
});
