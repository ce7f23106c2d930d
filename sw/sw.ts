/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and chunks, serves client routes from the cached
 * shell, keeps config and ads fresh in the background (stale-while-revalidate) and images
 * cache-first with an expiry, so the app opens with the network off.
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

registerRoute(
  ({ request, url }) => request.destination === 'image' || url.pathname.startsWith('/ads/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86400 })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
