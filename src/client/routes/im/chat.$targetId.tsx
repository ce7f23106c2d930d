import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { MobileConversation } from '../../features/mobile/MobileIm';

export const Route = createFileRoute('/im/chat/$targetId')({
  beforeLoad: guardedBy({ auth: true }),
  component: function ImChat() {
    const { targetId } = Route.useParams();
    return <MobileConversation key={targetId} targetId={targetId} />;
  },
});
