import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/storefront/legal/PrivacyPage';

export const Route = createFileRoute('/_store/datenschutz')({ component: PrivacyPage });
