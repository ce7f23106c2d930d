import { createFileRoute } from '@tanstack/react-router';
import { ProtocolPage } from '../../features/storefront/legal/ProtocolPage';

export const Route = createFileRoute('/_store/protocol')({ component: ProtocolPage });
