/**
 * Keeps every core busy: one worker thread per core spinning in a loop, until this process is told
 * to stop (SIGTERM, SIGINT), its parent goes away (when started with an IPC channel, as
 * scripts/test-flaky.ts does) or MAX_SECONDS (default 3 hours) have passed. Used to run the
 * browser tests on a loaded machine; `npx tsx scripts/cpu-burn.ts [cores]` runs it by hand.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const cores = Number(process.argv[2] ?? availableParallelism());
const maxSeconds = Number(process.env.MAX_SECONDS ?? 3 * 3600);
const workers = Array.from({ length: cores }, () => new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }));

const stop = () => {
  for (const w of workers) void w.terminate();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
setTimeout(stop, maxSeconds * 1000).unref();
// the workers keep the process alive; this timer is what ends it if nothing else does
setInterval(() => undefined, 60_000);
console.log(`cpu-burn: ${cores} busy workers (pid ${process.pid}), at most ${maxSeconds} s`);
