import { createFileRoute } from '@tanstack/react-router';
import { loginRoute } from '../../features/session/LoginForm';

export const Route = createFileRoute('/_auth/operation/login')(loginRoute('/operation/login', '运营平台登录'));
