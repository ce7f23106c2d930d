import { createFileRoute } from '@tanstack/react-router';
import { BackofficeHome } from '../../features/backoffice/BackofficeHome';

export const Route = createFileRoute('/backend/')({ component: BackofficeHome });
