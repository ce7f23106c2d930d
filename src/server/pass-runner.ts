/**
 * A background job's passes, one at a time: asking for a pass while one runs makes one more after
 * it, never many (the outboxes of webhook deliveries and RongCloud calls). A failed pass is told to
 * `onError` and the next one runs as usual.
 */
export const createPassRunner = (runOnce: () => Promise<unknown>, onError: (e: unknown) => void) => {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;

  /** a pass after the ones already going; settles when it is done */
  const schedule = () => {
    if (queued) return running;
    queued = true;
    running = running.then(() => {
      queued = false;
      return runOnce();
    }).catch(onError);
    return running;
  };

  return {
    schedule,
    /** settles when the passes already asked for are done */
    idle: () => running.then(() => undefined),
    /**
     * A pass now and every `everyMs` until stop(), plus whenever `wake` (given the way to ask)
     * asks; the timer never keeps the process alive; stop() waits for the pass that runs.
     */
    every(everyMs: number, wake?: (ask: () => void) => () => void) {
      void schedule();
      const timer = setInterval(() => void schedule(), everyMs);
      timer.unref();
      const off = wake?.(() => void schedule());
      return {
        async stop() {
          clearInterval(timer);
          off?.();
          await running;
        },
      };
    },
  };
};
