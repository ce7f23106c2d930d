import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './ui/app.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAppRouter } from './router';
import { sessionStore } from './features/session/session-store';
import { shareSessionAcrossTabs } from './features/session/tab-share';
import { profileQuery } from './features/session/queries';
import { keepSearchResults, persistOptions, restoreSettled, revalidateRestored } from './local/persist';
import { ApiError, OfflineError } from './api/request';
import { installChunkReloadGuard } from './api/chunk-reload';
import { afterFirstPage } from './after-first-page';

dayjs.locale('zh-cn');
installChunkReloadGuard();
shareSessionAcrossTabs();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 24 * 3600_000,
      // an answer from the server (ApiError) will not change on retry; a dropped network might.
      // Offline (OfflineError) a retry would wait, paused, for the network, and the page would show
      // its spinner for ever: it fails at once instead, the page shows what it stored or says
      // 当前离线, and refetchOnReconnect fetches again when the network is back.
      retry: (count, error) => !(error instanceof ApiError) && !(error instanceof OfflineError) && count < 2,
      networkMode: 'offlineFirst',
    },
  },
});

// signed in when a user snapshot is stored; the access token is obtained again on the first call that needs it
const user = sessionStore.user();
if (user) {
  // keep the snapshot fresh; offline, the stored one serves
  queryClient.fetchQuery(profileQuery()).then((fresh) => sessionStore.setUser(fresh), () => undefined);
}

// each search's answer is kept for offline use on its own (local/result-store.ts)
keepSearchResults(queryClient, user?.uuid);

const router = createAppRouter(queryClient, user);

if (user) {
  // the live channel, chat and the outbox's replay start after the first page has rendered, when
  // the main thread is idle: they bring the offline store (Dexie), the chat client and the live
  // socket, which the first paint does not need, and their chunks would otherwise be fetched and
  // run ahead of the page's own (issue 12's Lighthouse target on /ofo/search)
  // Only on the phone mall (/ofo), where the first paint is what counts: elsewhere (the desktop
  // pages, the chat-first /im) it starts at once as before, so a chat opened right after a reload
  // finds its store started (chat.e2e's reload case failed under load with the deferral)
  const signedIn = () => void import('./signed-in').then((m) => m.startSignedIn(user.uuid));
  if (window.location.pathname.startsWith('/ofo')) afterFirstPage(router, signedIn);
  else signedIn();
}

// the first route's match, guards, loader and chunks start now, beside PrimeReact's set-up, not
// after React's first render (the Transitioner then finds the load under way)
void router.load();

// PrimeReact's locale and ripple are set by a chunk of their own (with primereact/api and its
// utilities, which every PrimeReact component imports anyway), not by the entry
void import('./ui/primereact-setup').then(({ withPrimeReact }) => {
  const root = createRoot(document.getElementById('root')!);
  // as a transition, React renders the first page in short slices instead of one long task that
  // keeps a phone's main thread blocked (issue 12's Lighthouse target: total blocking time)
  startTransition(() => root.render(
    <StrictMode>
      {withPrimeReact(
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(user?.uuid)}
          onSuccess={() => { restoreSettled(); return revalidateRestored(queryClient); }} onError={restoreSettled}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>,
      )}
    </StrictMode>,
  ));
});
