import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../ui/ErrorPage';

export const Route = createFileRoute('/400')({ component: () => <ErrorPage code="400" /> });
