/**
 * The browser's install offer (beforeinstallprompt) is fired once, early, and must be kept to be
 * shown later from the side toolbar's 客户端 button. Standalone display means the app is installed
 * and running as such.
 */
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'standalone' | 'installable' | 'unavailable';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const isStandalone = () =>
  typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

const state = (): InstallState => (isStandalone() ? 'standalone' : deferred ? 'installable' : 'unavailable');

export const useInstallState = (): InstallState =>
  useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, state, () => 'unavailable');

/** Shows the browser's install dialog; true when the user accepted. */
export const promptInstall = async (): Promise<boolean> => {
  const e = deferred;
  if (!e) return false;
  deferred = null;
  notify();
  await e.prompt();
  return (await e.userChoice).outcome === 'accepted';
};
