import { createFileRoute } from '@tanstack/react-router';
import { StorefrontLayout } from '../app/layouts/StorefrontLayout';

export const Route = createFileRoute('/_store')({ component: StorefrontLayout });
