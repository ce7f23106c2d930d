import { createFileRoute } from '@tanstack/react-router';
import { shopAlias } from '../../../features/company/shop-routes';

export const Route = createFileRoute('/_store/company/factory')(shopAlias('factory', false));
