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
import { startIntervalJob } from './interval-job';

export const startSpotSweeper = (deps: { clock: Clock; log: Logger; expire: (now: Date) => Promise<number> }, everyMs = SPOT_SWEEP_EVERY_MS) =>
  startIntervalJob({ name: 'spot sweep', log: deps.log, everyMs, run: async () => ({ cancelled: await deps.expire(deps.clock.now()) }) });
