import { createFileRoute } from '@tanstack/react-router';
import { LoginLayout } from '../app/layouts/LoginLayout';

export const Route = createFileRoute('/_auth')({ component: LoginLayout });
