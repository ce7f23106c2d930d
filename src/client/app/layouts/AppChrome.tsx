import { useRouteContext } from '@tanstack/react-router';
import { NetworkStatus } from '../../pwa/NetworkStatus';
import { UpdatePrompt } from '../../pwa/UpdatePrompt';
import { MobileOffer } from '../../features/mobile/MobileOffer';
import { CatalogueDialogs } from '../../ui/CatalogueDialogs';

/** What every page shows on top: the error catalogue's dialogs, the network indicator, the update prompt and, on a phone, the offer of the phone page. */
export function AppChrome() {
  const { session } = useRouteContext({ from: '__root__' });
  return (
    <>
      <CatalogueDialogs />
      <NetworkStatus userUuid={session.user?.uuid} />
      <UpdatePrompt />
      <MobileOffer />
    </>
  );
}
