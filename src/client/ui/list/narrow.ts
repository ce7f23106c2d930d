import { useSyncExternalStore } from 'react';

/** under 640 px a list is cards and its filters fold (docs/architecture.md, "Wide tables") */
const NARROW = '(max-width: 639.98px)';
const subscribe = (changed: () => void) => {
  if (typeof matchMedia !== 'function') return () => undefined;
  const m = matchMedia(NARROW);
  m.addEventListener('change', changed);
  return () => m.removeEventListener('change', changed);
};
const isNarrow = () => typeof matchMedia === 'function' && matchMedia(NARROW).matches;

/** true under 640 px; follows a rotation without remounting anything */
export const useNarrow = () => useSyncExternalStore(subscribe, isNarrow, () => false);
