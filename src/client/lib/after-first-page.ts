import { startTransition, useEffect, useState } from 'react';
import type { AnyRouter } from '@tanstack/react-router';

/** Runs when the main thread is next idle (at the latest after `timeout` ms). */
export const whenIdle = (run: () => void, timeout = 2000): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout });
  else setTimeout(run, 50);
};

let settled = false;
const waiting = new Set<() => void>();
const settle = () => {
  if (settled) return;
  settled = true;
  for (const run of waiting) run();
  waiting.clear();
};

/**
 * Work the first page does not need to paint: the signed-in session (live channel, chat, outbox),
 * the storefront's footer, side toolbar and chat dock, the error dialogs and network indicator. It
 * runs once that page has rendered and the main thread is idle, so its chunks, API calls and
 * rendering neither delay the page's own nor add to the blocking time of its first paint
 * (on /ofo and the desktop pages). The user's first touch, click or key runs it
 * at once: what they reach for (a chat, the toolbar) is then on its way. A first page that never
 * renders (an error before it) still runs it after `fallbackMs`.
 */
export const watchFirstPage = (router: AnyRouter, fallbackMs = 4000): void => {
  let started = false;
  const start = (now: boolean) => {
    if (started && !now) return;
    started = true;
    unsubscribe();
    clearTimeout(timer);
    for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, onInput, true);
    if (now) settle();
    else whenIdle(settle);
  };
  const onInput = () => start(true);
  const unsubscribe = router.subscribe('onRendered', () => start(false));
  const timer = setTimeout(() => start(false), fallbackMs);
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, onInput, { capture: true, passive: true });
};

/** Runs `run` once the first page has rendered and the main thread is idle (see watchFirstPage). */
export const afterFirstPage = (run: () => void): void => {
  if (settled) run();
  else waiting.add(run);
};

/** False until the first page has rendered and the main thread is idle; then true, drawn as a transition. */
export const useAfterFirstPage = (): boolean => {
  const [on, setOn] = useState(settled);
  useEffect(() => {
    if (on) return;
    const run = () => startTransition(() => setOn(true));
    afterFirstPage(run);
    return () => void waiting.delete(run);
  }, [on]);
  return on;
};
