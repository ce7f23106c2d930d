/**
 * A React root for a component test: made before each test in a fresh element of the page, and
 * unmounted and cleared after it. `act` is on, as React expects in tests.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const reactRoot = () => {
  const at = {} as { root: Root; host: HTMLDivElement };
  beforeEach(() => {
    at.host = document.createElement('div');
    document.body.append(at.host);
    at.root = createRoot(at.host);
  });
  afterEach(() => {
    act(() => at.root.unmount());
    document.body.innerHTML = '';
  });
  return at;
};
