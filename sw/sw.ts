/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and the first pages' chunks, caches every other
 * built file when first used (and all of them at once when a page asks it to warm up), serves
 * client routes from the cached shell, keeps config and ads fresh in the background
 * (stale-while-revalidate) and images cache-first with an expiry, so the app opens with the network
 * off. docs/architecture.md, "The installed app".
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws/] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && (url.pathname.startsWith('/api/system/config') || url.pathname.startsWith('/api/system/ads')
    || url.pathname.startsWith('/api/system/recommended-companies') || url.pathname.startsWith('/api/system/recommended-products')),
  new StaleWhileRevalidate({ cacheName: 'api-config', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

/**
 * The built files left out of the precache (scripts/precache-split.ts): their names carry their
 * content's hash, so a cached copy is never stale; the files of older builds leave by age.
 */
const LAZY_CACHE = 'lazy-assets';
const lazyPath = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
registerRoute(
  ({ url, request }) => request.method === 'GET' && lazyPath(url),
  new CacheFirst({
    cacheName: LAZY_CACHE,
    // a hashed name is one content whatever the encoding it came in (the server varies by Accept-Encoding)
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 60 * 86400 })],
  }),
);

/**
 * Puts built files into the runtime cache: `urls` (the files a page loaded before this worker
 * controlled it) or, for a warm-up, every file of /lazy-assets.json. Files already cached are not
 * fetched again; one that fails is skipped (the next warm-up tries it again).
 */
const cacheFiles = async (urls: readonly string[]) => {
  const cache = await caches.open(LAZY_CACHE);
  const wanted = urls.map((u) => new URL(u, self.location.origin)).filter(lazyPath);
  let fetched = 0;
  for (const url of wanted) {
    if (await caches.match(url.href, { ignoreVary: true })) continue;
    try {
      const res = await fetch(url.href, { credentials: 'same-origin' });
      if (res.ok) {
        await cache.put(url.href, res);
        fetched++;
      }
    } catch {
      // offline or the server gone: the next warm-up tries again
    }
  }
  return { wanted: wanted.length, fetched };
};

const lazyList = async (): Promise<string[]> => {
  const res = await fetch('/lazy-assets.json', { cache: 'no-store' });
  if (!res.ok) return [];
  return ((await res.json()) as { files?: string[] }).files ?? [];
};

registerRoute(
  ({ request, url }) => request.destination === 'image' || url.pathname.startsWith('/ads/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86400 })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  const reply = (answer: unknown) => event.ports[0]?.postMessage(answer);
  if (data?.type === 'CACHE_URLS' && Array.isArray(data.urls)) {
    event.waitUntil(cacheFiles(data.urls.filter((u): u is string => typeof u === 'string')).then(reply));
  }
  if (data?.type === 'WARM') event.waitUntil(lazyList().then(cacheFiles).then(reply, () => reply({ wanted: 0, fetched: 0 })));
});
clientsClaim();
