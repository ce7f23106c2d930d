/** What a signed-in session runs besides its pages: loaded by main.tsx after the first render. */
import { connectLive } from './api/live';
import { request } from './api/request';
import { replayOutcome } from './api/replay-outcome';
import { startChat } from './features/im/chat-store';
import { createWsTransport } from './features/im/transport';
import { startOutboxSync } from './local/outbox';
import type { EndpointName } from '../shared/contracts';
import { endpointIndex as endpoints } from '../shared/contracts/endpoint-index.gen';

export const startSignedIn = (userUuid: string) => {
  connectLive();
  // the built-in transport: no RongCloud transport is built, so im_client_params is not consulted
  startChat(userUuid, createWsTransport());
  startOutboxSync(
    userUuid,
    (name: EndpointName, payload, key) => request(endpoints[name].method, name, payload as never, undefined, { idempotencyKey: key, background: true }),
    replayOutcome,
  );
};
