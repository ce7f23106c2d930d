/**
 * The activity sweep (docs/activities.md, "The end"): every ACTIVITY_SWEEP_EVERY_MS, and once at
 * start, activities past their end are settled: each item's unsold reserve goes back to its stock
 * row, unaudited applications close (activity.service settleEnded). Buyers are refused at the end
 * time itself, whatever the sweep; each activity is settled once, under its row lock, so two
 * processes sweeping at once do no harm.
 */
import type { Clock } from './http/context';
import type { Logger } from './logger';
import { startIntervalJob } from './interval-job';

export const ACTIVITY_SWEEP_EVERY_MS = 60_000;

export const startActivitySweeper = (deps: { clock: Clock; log: Logger; settle: (now: Date) => Promise<number> }, everyMs = ACTIVITY_SWEEP_EVERY_MS) =>
  startIntervalJob({ name: 'activity sweep', log: deps.log, everyMs, run: async () => ({ settled: await deps.settle(deps.clock.now()) }) });
