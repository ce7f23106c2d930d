import { createFileRoute } from '@tanstack/react-router';
import { shopAlias } from '../../../features/company/shop-routes';

export const Route = createFileRoute('/company/m/video')(shopAlias('video', true));
