import { createFileRoute } from '@tanstack/react-router';
import { LoginLayout } from '../ui/LoginLayout';

export const Route = createFileRoute('/_auth')({ component: LoginLayout });
