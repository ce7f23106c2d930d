import { Fragment, StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '../ui/app.css';
// with the entry's sheet: inserted after the first page (AppChrome's chunk), even four rules restyled the whole page
import '../features/mobile/mobile-offer.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAppRouter } from './router';
import { sessionStore } from '../session/session-store';
import { shareSessionAcrossTabs } from '../session/tab-share';
import { profileQuery } from '../features/session/queries';
import { cacheRestored, keepSearchResults, persistOptions, restoreSettled, revalidateRestored } from '../local/persist';
import { ApiError, OfflineError } from '../api/request';
import { installChunkReloadGuard } from '../api/chunk-reload';
import { afterFirstPage, watchFirstPage } from '../lib/after-first-page';
import { skipSameStyleText } from '../ui/same-style-text';
import { currentLang, guestLang, setLang, storedLang, useLang } from '../i18n/lang';

skipSameStyleText();
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
    // a write always goes to request(), which knows what offline means for it (OfflineError for the
    // page to show, or the outbox for a queued write); a mutation paused until the network returns
    // would leave its button spinning
    mutations: { networkMode: 'always' },
  },
});

// signed in when a user snapshot is stored; the access token is obtained again on the first call that needs it
const user = sessionStore.user();
if (user) {
  // keep the snapshot fresh; offline, the stored one serves
  queryClient.fetchQuery(profileQuery()).then((fresh) => {
    sessionStore.setUser(fresh);
    // the user's language as the server keeps it (chosen on another device, or by the company's country)
    if (fresh.lang !== currentLang()) void setLang(fresh.lang).catch(() => undefined);
  }, () => undefined);
}

// each search's answer is kept for offline use on its own (local/result-store.ts)
keepSearchResults(queryClient, user?.uuid);

/**
 * A new task: the start-up runs as three (the entry's modules; the router with its route tree; the
 * first route's load, which inserts its chunks' stylesheets) instead of one, so none of them holds
 * the main thread for the sum of all three (one task of ~120 ms, ~480 ms on Lighthouse's phone).
 * A message, not a timer: a tab opened in the background runs timers once a second.
 */
const nextTask = () => new Promise<void>((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
});

// PrimeReact's locale and ripple are set by a chunk of their own (with primereact/api and its
// utilities, which every PrimeReact component imports anyway), not by the entry; asked for now,
// beside the router's start
const primeReact = import('../ui/primereact-setup');
// its failure (offline before it was cached) is start()'s, where it is awaited, not a second report now
primeReact.catch(() => undefined);
// the page's language (docs/i18n.md): the signed-in user's, else this device's choice, else the
// page's reader's (guestLang: Vietnamese on the Vietnamese registration, not kept as a choice).
// Vietnamese loads its chunk beside PrimeReact's, before the first render, so the first page never
// shows in Chinese
const firstLang = user ? user.lang : guestLang(window.location.pathname);
const langReady = firstLang === 'vi' ? setLang('vi', { keep: !!user || storedLang() !== null }).catch(() => undefined) : Promise.resolve();

type WithPrimeReact = Awaited<typeof primeReact>['withPrimeReact'];

/**
 * The router's pages, from when the first one can be drawn whole. Keyed by the language: a switch
 * renders every page component anew, with PrimeReact's provider in that language.
 */
function Pages({ router, ready: firstPageReady, withPrimeReact }: { router: ReturnType<typeof createAppRouter>; ready: Promise<unknown>; withPrimeReact: WithPrimeReact }) {
  const [ready, setReady] = useState(false);
  const lang = useLang();
  useEffect(() => void firstPageReady.then(() => startTransition(() => setReady(true))), [firstPageReady]);
  return ready ? <Fragment key={lang}>{withPrimeReact(<RouterProvider router={router} />, lang)}</Fragment> : null;
}

async function start() {
  await nextTask();
  const router = createAppRouter(queryClient, user);

  // what the first page does not need to paint waits until it has rendered and the main thread is
  // idle, or the user's first input (after-first-page.ts)
  watchFirstPage(router);
  if (user) {
    // the live channel, chat and the outbox's replay: they bring the chat client, the live socket and,
    // when the outbox may hold writes, the offline store (Dexie), and their chunks would otherwise be
    // fetched and run ahead of the page's own (on /ofo and the desktop pages). A
    // chat opened before they start is loaded when they do (chat-store.ts, startChat)
    afterFirstPage(() => void import('./signed-in').then((m) => m.startSignedIn(user.uuid, queryClient)));
  }

  await nextTask();
  // the first route's match, guards, loader and chunks start now, beside PrimeReact's set-up and the
  // restore of the stored query cache, and the page's first render waits for both: rendered while the
  // router's state still changed (the load settling), the transition below was redone as one
  // synchronous render of the whole page, the longest task of the start-up; rendered before the
  // restore, the page drew its results and then the announcement above them (a layout shift of 0.18
  // on keyword results). A loader still waiting for its data a second after the page's
  // chunks have come is not waited for, nor a restore after a second: the layout shows meanwhile
  const firstLoad = router.load().catch(() => undefined);
  const firstChunks = Promise.all(router.getMatchedRoutes(window.location.pathname)[0].map((r) => router.loadRouteChunk(r))).catch(() => undefined);
  const atMost = (ms: number) => new Promise<void>((wait) => setTimeout(wait, ms));
  const firstPageReady = Promise.all([
    Promise.race([firstLoad, firstChunks.then(() => atMost(1000))]),
    Promise.race([cacheRestored, atMost(1000)]),
  ]);

  const [{ withPrimeReact }] = await Promise.all([primeReact, langReady]);
  const root = createRoot(document.getElementById('root')!);
  // as a transition, React renders the first page in short slices instead of one long task that
  // keeps a phone's main thread blocked (the phone's Lighthouse target: total blocking time)
  startTransition(() => root.render(
    <StrictMode>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(user?.uuid)}
        // the restored copies are shown and fetched anew after the first page (at once, they were
        // the first render's calls: the site's parameters, the company's level and quotas)
        onSuccess={() => {
          restoreSettled();
          const restoredAt = Date.now();
          afterFirstPage(() => void revalidateRestored(queryClient, restoredAt));
        }} onError={restoreSettled}>
        <Pages router={router} ready={firstPageReady} withPrimeReact={withPrimeReact} />
      </PersistQueryClientProvider>
    </StrictMode>,
  ));
}

void start();
