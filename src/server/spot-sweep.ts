/**
 * The spot sweep (docs/spot-goods.md): every SPOT_SWEEP_EVERY_MS, and once at start, pending spot
 * orders (现货订单) whose seller did not confirm them within SPOT_CONFIRM_MINUTES are cancelled,
 * their stock returned and the buyer told (orders.service expireSpotOrders). The hourly
 * housekeeping (sweep.ts) is too coarse for a 30-minute promise; each order is cancelled once,
 * under its row lock, so two processes sweeping at once do no harm.
 */
import type { Clock } from './http/context';
import type { Logger } from './logger';
import { SPOT_SWEEP_EVERY_MS } from '../shared/domain/spot';

export const startSpotSweeper = (deps: { clock: Clock; log: Logger; expire: (now: Date) => Promise<number> }, everyMs = SPOT_SWEEP_EVERY_MS) => {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const n = await deps.expire(deps.clock.now());
        if (n > 0) deps.log('info', 'spot sweep', { cancelled: n });
      } catch (e) {
        deps.log('warn', 'spot sweep failed', e);
      }
    });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep under way, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
