/**
 * The follow worker (docs/basket-follows.md, "Notices of followed parts"): every
 * FOLLOW_SWEEP_EVERY_MS, and once at start, the followed parts whose stock changed (queued by the
 * stock writes in their transactions) are compared with what their followers knew and the notices
 * posted (follow.service processFollowChanges). Queued rows are taken with skip locked, so two
 * processes running it at once share the queue.
 */
import type { Logger } from './logger';
import { startIntervalJob } from './interval-job';

export const FOLLOW_SWEEP_EVERY_MS = 10 * 1000;

export const startFollowSweeper = (deps: { log: Logger; process: () => Promise<number> }, everyMs = FOLLOW_SWEEP_EVERY_MS) =>
  startIntervalJob({ name: 'follow sweep', log: deps.log, everyMs, run: async () => ({ notices: await deps.process() }) });
