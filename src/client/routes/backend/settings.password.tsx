import { createFileRoute } from '@tanstack/react-router';
import { PasswordSettings } from '../../features/account/PasswordSettings';

export const Route = createFileRoute('/backend/settings/password')({ component: PasswordSettings });
