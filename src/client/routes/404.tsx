import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../ui/ErrorPage';

export const Route = createFileRoute('/404')({ component: () => <ErrorPage code="404" /> });
