import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../ui/ErrorPage';

export const Route = createFileRoute('/401')({ component: () => <ErrorPage code="401" /> });
