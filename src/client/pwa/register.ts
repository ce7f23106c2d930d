/** Registers the service worker (production builds only) and reports a waiting update. */
import { Workbox } from 'workbox-window';

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
  void wb.register();
};
