import { createFileRoute } from '@tanstack/react-router';
import { StorefrontLayout } from '../ui/StorefrontLayout';

export const Route = createFileRoute('/_store')({ component: StorefrontLayout });
