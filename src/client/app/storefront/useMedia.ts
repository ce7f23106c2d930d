import { useSyncExternalStore } from 'react';

/** The storefront's phone width (docs/guide/devices.md): under it the compact header and the menu drawer. */
export const COMPACT_QUERY = '(max-width: 639.98px)';

/** Whether a media query matches now, following it as the screen turns. */
export const useMedia = (query: string): boolean =>
  useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const m = matchMedia(query);
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
