import { useRouteContext } from '@tanstack/react-router';
import { NetworkStatus } from '../pwa/NetworkStatus';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

/** What every page shows on top: the network indicator and the update prompt. */
export function AppChrome() {
  const { session } = useRouteContext({ from: '__root__' });
  return (
    <>
      <NetworkStatus userUuid={session.user?.uuid} />
      <UpdatePrompt />
    </>
  );
}
