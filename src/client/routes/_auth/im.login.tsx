import { createFileRoute } from '@tanstack/react-router';
import { loginRoute } from '../../features/session/LoginForm';

export const Route = createFileRoute('/_auth/im/login')(loginRoute('/im/login', '汽配汇 IM 登录'));
