import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { MobileConversations } from '../../features/mobile/MobileIm';

export const Route = createFileRoute('/im/')({
  beforeLoad: guardedBy({ auth: true }),
  component: MobileConversations,
});
