/**
 * The catalogue's dialogs: one error modal at a time, one "log in again?" confirm. A tiny store so
 * request.ts (outside React) can open them and <CatalogueDialogs/> renders them.
 */
export type DialogState =
  | { kind: 'none' }
  | { kind: 'error'; text: string }
  | { kind: 'relogin' };

let state: DialogState = { kind: 'none' };
const listeners = new Set<() => void>();

const set = (next: DialogState) => {
  state = next;
  for (const l of listeners) l();
};

export const dialogs = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** ignored while any dialog is open: only one alert at a time */
  showError(text: string) {
    if (state.kind === 'none') set({ kind: 'error', text });
  },
  /** the sign-out confirm wins over an open error */
  showRelogin() {
    if (state.kind !== 'relogin') set({ kind: 'relogin' });
  },
  close() {
    set({ kind: 'none' });
  },
};
