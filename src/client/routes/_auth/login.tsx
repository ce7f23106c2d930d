import { createFileRoute } from '@tanstack/react-router';
import { loginRoute } from '../../features/session/LoginForm';

export const Route = createFileRoute('/_auth/login')(loginRoute('/login', '会员登录'));
