/**
 * Registers the service worker (production builds only) and reports a waiting update. Registration
 * waits for the page's load event and an idle moment: installing the worker fetches the shell and
 * the first pages to precache, which must not compete with the first page for the network and main
 * thread. The other built files are cached by the worker when first used; those this page loaded
 * before the worker controlled it are handed to it once it is active, and `warmOffline` asks it to
 * fetch all the rest ahead (docs/architecture.md, "The installed app").
 */
import { messageSW, Workbox } from 'workbox-window';
import { whenIdle } from '../lib/after-first-page';

export type ApplyUpdate = () => void;

/** registered: a warm-up asked for before the page registered its worker waits for it */
let done!: () => void;
const registered = new Promise<void>((resolve) => (done = resolve));

/**
 * A message to the active worker, answered through its port. The registration's active worker,
 * not Workbox's own (getSW): a page loaded while an earlier page's worker was still installing is
 * never told of that worker by Workbox, and a message to it would wait for ever.
 */
const tellWorker = async <T>(data: { type: string; urls?: string[] }): Promise<T | undefined> => {
  const active = (await navigator.serviceWorker.ready).active;
  return active ? ((await messageSW(active, data)) as T) : undefined;
};

/** the built files this page has loaded so far (chunks, styles, the scanner's wasm) */
const loadedFiles = () =>
  performance.getEntriesByType('resource').map((e) => e.name).filter((name) => {
    const url = new URL(name);
    return url.origin === location.origin && url.pathname.startsWith('/assets/');
  });

export const registerServiceWorker = (onNeedRefresh: (apply: ApplyUpdate) => void): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onNeedRefresh(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // a first install: what this page fetched before the worker took it over is not in its caches
  // yet (at activation, and again when it takes control: files fetched in between)
  const handOver = () => void tellWorker({ type: 'CACHE_URLS', urls: loadedFiles() }).catch(() => undefined);
  wb.addEventListener('activated', (e) => {
    if (!e.isUpdate) handOver();
  });
  wb.addEventListener('controlling', (e) => {
    if (!e.isUpdate) handOver();
  });
  const register = () => whenIdle(() => void wb.register().then(() => done()), 3000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};

/** A phone (narrow) or a connection that asks to save data gets no warm-up: its pages come as opened. */
export const shouldWarm = (env: { narrow: boolean; saveData: boolean }) => !env.narrow && !env.saveData;

/**
 * After sign-in on a tablet or desktop: the worker fetches every built file not yet cached, so each
 * page then opens with the network off. Resolves with how many files it wanted and fetched (none
 * when there is no worker or the device is a phone).
 */
export const warmOffline = async (): Promise<{ wanted: number; fetched: number }> => {
  const none = { wanted: 0, fetched: 0 };
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !shouldWarm({ narrow: matchMedia('(max-width: 639.98px)').matches, saveData })) return none;
  await registered;
  return (await tellWorker<{ wanted: number; fetched: number }>({ type: 'WARM' }).catch(() => none)) ?? none;
};
