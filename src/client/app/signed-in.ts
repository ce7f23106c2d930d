/** What a signed-in session runs besides its pages: loaded by main.tsx after the first render. */
import { connectLive } from '../api/live';
import { requestNamed } from '../api/request';
import { replayOutcome } from '../api/replay-outcome';
import { startChat } from '../features/im/chat-store';
import { selectTransport } from '../features/im/select-transport';
import { onReplayed, startOutboxSync } from '../local/outbox';
import { warmLocalDb } from '../local/live';
import { warmOffline } from '../pwa/register';
import type { QueryClient } from '@tanstack/react-query';
import { CART_WRITES } from '../features/cart/mutations';
import { cartKeys } from '../features/cart/queries';
import type { EndpointName } from '../../shared/contracts';

export const startSignedIn = (userUuid: string, queryClient: QueryClient) => {
  connectLive();
  // a cart write made offline has landed: the cart on screen (and its count) is fetched again
  onReplayed((name) => {
    if (CART_WRITES.includes(name)) void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
  });
  // our /ws transport, or RongCloud's when im_client_params names an app key (loaded only then)
  void selectTransport(userUuid).then((t) => startChat(userUuid, t));
  // no service worker yet (a first visit): the outbox's database chunk may not be cached for offline
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator && !navigator.serviceWorker.controller) void warmLocalDb();
  // a tablet or desktop fetches every page's files ahead, so all of it then opens offline (a phone
  // gets each page's files when first opened): docs/architecture.md, "The installed app"
  void warmOffline();
  startOutboxSync(
    userUuid,
    (name: EndpointName, payload, key) => requestNamed(name, payload as never, undefined, { idempotencyKey: key, background: true }),
    replayOutcome,
  );
};
