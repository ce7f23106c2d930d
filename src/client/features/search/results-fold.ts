/**
 * What a results page folds away to give the rows the screen (docs/architecture.md, "Wide
 * tables"): the announcement and the price / stock filter bar. The choice is kept on the device
 * (localStorage, qph-results-fold:<part>); until one is made, a screen narrower than the desktop
 * (a tablet) starts folded and a desktop starts open.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type FoldPart = 'announcement' | 'filters';

const keyOf = (part: FoldPart) => `qph-results-fold:${part}`;
const listeners = new Set<() => void>();
const subscribe = (changed: () => void) => {
  listeners.add(changed);
  return () => listeners.delete(changed);
};
const narrow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 1199.98px)').matches;

export const readFold = (part: FoldPart): boolean => {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(keyOf(part));
  } catch {
    // storage refused (private mode): the default
  }
  return kept === '1' ? true : kept === '0' ? false : narrow();
};

export const writeFold = (part: FoldPart, folded: boolean) => {
  try {
    localStorage.setItem(keyOf(part), folded ? '1' : '0');
  } catch {
    // not kept, but still applied for this page
  }
  for (const l of listeners) l();
};

/** [folded, set] for one part; every page using it follows the choice */
export function useFold(part: FoldPart): [boolean, (folded: boolean) => void] {
  const folded = useSyncExternalStore(subscribe, () => readFold(part), () => false);
  return [folded, useCallback((f: boolean) => writeFold(part, f), [part])];
}
