/**
 * The bonus sweep (docs/bonus.md, "Settlement"): every BONUS_SWEEP_EVERY_MS, and once at start,
 * last month is settled from its BONUS_SETTLE_DAY on when a rule was in force for it (bonus.service
 * sweep). A seller's month is settled once (unique row, ledger key per seller and month, the month's
 * advisory lock), so two processes sweeping at once, or the operator settling meanwhile, pay once.
 */
import type { Clock } from './http/context';
import type { Logger } from './logger';
import { startIntervalJob } from './interval-job';

export const BONUS_SWEEP_EVERY_MS = 60 * 60_000;

export const startBonusSweeper = (deps: { clock: Clock; log: Logger; sweep: (now: Date) => Promise<{ settled: number }> }, everyMs = BONUS_SWEEP_EVERY_MS) =>
  startIntervalJob({ name: 'bonus sweep', log: deps.log, everyMs, run: () => deps.sweep(deps.clock.now()) });
