import { useRouteContext } from '@tanstack/react-router';
import { NetworkStatus } from '../pwa/NetworkStatus';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { MobileOffer } from '../features/mobile/MobileOffer';

/** What every page shows on top: the network indicator, the update prompt and, on a phone, the offer of the phone page. */
export function AppChrome() {
  const { session } = useRouteContext({ from: '__root__' });
  return (
    <>
      <NetworkStatus userUuid={session.user?.uuid} />
      <UpdatePrompt />
      <MobileOffer />
    </>
  );
}
