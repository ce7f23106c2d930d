/**
 * Registers the service worker (production builds only) and reports a waiting update. Registration
 * waits for the page's load event and an idle moment: installing the worker fetches every chunk to
 * precache, which must not compete with the first page for the network and main thread.
 */
import { Workbox } from 'workbox-window';
import { whenIdle } from '../lib/after-first-page';

export type ApplyUpdate = () => void;

export const registerServiceWorker = (onNeedRefresh: (apply: ApplyUpdate) => void): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onNeedRefresh(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  const register = () => whenIdle(() => void wb.register(), 3000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
