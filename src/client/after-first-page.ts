import type { AnyRouter } from '@tanstack/react-router';

/** Runs when the main thread is next idle (at the latest after `timeout` ms). */
export const whenIdle = (run: () => void, timeout = 2000): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout });
  else setTimeout(run, 50);
};

/**
 * Runs work the first page does not need (the signed-in session's live channel, chat and outbox)
 * once that page has rendered and the main thread is idle, so its chunks neither delay the page's
 * own nor add to the blocking time of the first paint. A first page that never renders (an error
 * before it) still starts it after `fallbackMs`.
 */
export const afterFirstPage = (router: AnyRouter, run: () => void, fallbackMs = 4000): void => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe();
    clearTimeout(timer);
    whenIdle(run);
  };
  const unsubscribe = router.subscribe('onRendered', start);
  const timer = setTimeout(start, fallbackMs);
};
