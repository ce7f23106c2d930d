import { createFileRoute } from '@tanstack/react-router';
import { ShareInfoPage } from '../../features/storefront/legal/ShareInfoPage';

export const Route = createFileRoute('/_store/shareInfo')({ component: ShareInfoPage });
