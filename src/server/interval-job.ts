/**
 * A job the server runs once at start and then every `everyMs` (docs/operations.md, "Housekeeping"): runs
 * never overlap, a run waiting behind the one under way covers every later tick, a failure is
 * logged and the next tick tries again, and the timer never keeps the process alive.
 */
import type { Logger } from './logger';

export const startIntervalJob = (deps: { name: string; log: Logger; everyMs: number; run: () => Promise<Record<string, number>> }) => {
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  const tick = () => {
    if (queued) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      try {
        const counts = await deps.run();
        if (Object.values(counts).some((n) => n > 0)) deps.log('info', deps.name, counts);
      } catch (e) {
        deps.log('warn', `${deps.name} failed`, e);
      }
    });
  };
  tick();
  const timer = setInterval(tick, deps.everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a run under way, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
