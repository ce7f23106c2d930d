/**
 * The points sweep (docs/points.md, "Expiry"): every POINTS_SWEEP_EVERY_MS, and once at start,
 * the points left of a China year expire after its end, and holders are told in the message
 * assistant `notice_days` before it (points.service sweep). Each expiry is keyed per company and
 * year and each notice recorded per company and year, so two processes sweeping at once do no harm.
 */
import type { Clock } from './http/context';
import type { Logger } from './logger';
import { startIntervalJob } from './interval-job';

export const POINTS_SWEEP_EVERY_MS = 60 * 60_000;

export const startPointsSweeper = (deps: { clock: Clock; log: Logger; sweep: (now: Date) => Promise<{ expired: number; noticed: number }> }, everyMs = POINTS_SWEEP_EVERY_MS) =>
  startIntervalJob({ name: 'points sweep', log: deps.log, everyMs, run: () => deps.sweep(deps.clock.now()) });
