/**
 * `npm test`: everything, stopping at the first failure: build (also generates the route tree the
 * type check needs), then the bundle budget, type check, lint, floor plan and unit tests at the same
 * time, then the server integration tests (the PGlite pass and, when one answers on 127.0.0.1:5432,
 * the PostgreSQL pass, at the same time: they share nothing), and the browser end-to-end tests
 * against the built app, which start as soon as the first integration pass has passed.
 * `npm test -- integration e2e` runs only the steps named.
 *
 * Which steps overlap, and why, is docs/testing.md's "Time budget": each of the checks is one
 * process that keeps one core busy, and the unit step has one worker on two cores; the shorter
 * integration pass ends minutes before the longer one, which then leaves a core idle. A step that
 * fails stops the steps still running, and no step starts after it.
 *
 * Every step's output also goes to test-results/logs/; the vitest steps write a JSON report next to
 * it. At the very end a failed run names the failed step and its first failing test with the
 * assertion message (or the first error line of a build, type check or lint), so nobody has to
 * scroll back through the log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readReport, stripAnsi } from './vitest-report';

const bin = (pkg: string, file: string) => join(process.cwd(), 'node_modules', pkg, file);
const logDir = join(process.cwd(), 'test-results', 'logs');
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

interface Run {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** a vitest run: where its JSON report goes */
  report?: string;
}
interface Stage {
  name: string;
  /** runs one after the other, or at the same time when `parallel` */
  runs: Run[];
  parallel?: boolean;
  /**
   * When the stage starts, among the steps chosen: `after` everything before it has passed (the
   * default), `with` the stage before it, or `afterFirstOf` the stage before it: as soon as one of
   * that stage's runs has passed, while the others go on.
   */
  start?: 'after' | 'with' | 'afterFirstOf';
}

const vitest = (name: string, projects: string | string[], env?: Record<string, string>): Run => {
  const report = join(logDir, `${slug(name)}.json`);
  const chosen = (typeof projects === 'string' ? [projects] : projects).flatMap((p) => ['--project', p]);
  return { name, env, report, args: [bin('vitest', 'vitest.mjs'), 'run', ...chosen, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] };
};

const stages: Stage[] = [
  { name: 'build', runs: [{ name: 'build', args: [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'] }] },
  // the first route's JavaScript and CSS within 200 KiB gzip: a page file imported by a
  // route's options pulls it into the entry unnoticed (twice so far), so the suite checks it
  { name: 'bundle budget', runs: [{ name: 'bundle budget', args: [bin('tsx', 'dist/cli.mjs'), 'tests/bench/bundle.ts'] }] },
  // the checks and the unit tests at once: each check is one process on one core, and vitest gives
  // the unit step one worker on a 2-core machine (docs/testing.md, "Time budget")
  { name: 'type check', start: 'with', runs: [{ name: 'type check', args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json'] }] },
  { name: 'lint', start: 'with', runs: [{ name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'] }] },
  // the floor plan (docs/architecture.md): layers point down, features meet through their public
  // surface, a server module's repo is its own, no import circles (.dependency-cruiser.cjs)
  { name: 'floor plan', start: 'with', runs: [{ name: 'floor plan', args: [bin('dependency-cruiser', 'bin/dependency-cruiser.mjs'), 'src', '--output-type', 'err'] }] },
  // the page's code in jsdom, the server's and the shared code without a document
  { name: 'unit', start: 'with', runs: [vitest('unit', ['unit', 'unit-mocks', 'unit-node'])] },
  {
    name: 'integration',
    parallel: true,
    runs: [
      vitest('integration (PGlite)', 'integration', { TEST_BACKEND: 'pglite' }),
      vitest('integration (PostgreSQL)', 'integration', { TEST_BACKEND: 'postgres' }),
    ],
  },
  {
    name: 'e2e',
    // the shorter integration pass ends minutes before the longer one, which keeps one core busy
    // alone: the browser tests' setup and first files take the other
    start: 'afterFirstOf',
    runs: [
      { name: 'e2e browser packages', args: [bin('tsx', 'dist/cli.mjs'), 'tests/e2e/ensure-chromium.ts'] },
      // no screenshots: they check nothing and cost a capture and a PNG each (E2E_SHOTS=1 keeps them)
      vitest('e2e', 'e2e', { E2E_SHOTS: process.env.E2E_SHOTS ?? '0' }),
    ],
  },
];

interface Result {
  run: Run;
  status: number;
  seconds: number;
  output: string;
  /** ended by stopAll because another step failed: not a failure of its own */
  stopped?: boolean;
}

/** The commands running now, to stop when a step fails; once `stopping`, no step starts. */
const running = new Set<ChildProcess>();
const stoppedByUs = new WeakSet<ChildProcess>();
let stopping = false;
const stopAll = () => {
  stopping = true;
  for (const child of running) {
    stoppedByUs.add(child);
    // vitest ends its workers on SIGTERM, and Playwright the Chromium it launched; the children stay
    // in npm test's process group, so a Ctrl-C or a CI time limit still reaches all of them
    child.kill('SIGTERM');
  }
  // a command that does not end on SIGTERM would hold npm test until the CI's time limit
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 15_000).unref();
};

// npm test itself told to stop (a signal to its process alone, not its group): stop every command
// it started, no step starts after it, and npm test ends as a signalled process does (main, below)
let signalled: number | undefined;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    signalled = code;
    stopAll();
    setTimeout(() => process.exit(code), 20_000).unref();
  });
}

/** Runs one command; its output goes to the terminal as it comes (or, `buffered`, in one piece at the end) and to its log. */
const execute = (run: Run, buffered: boolean): Promise<Result> =>
  new Promise((resolve) => {
    const started = Date.now();
    if (run.report) rmSync(run.report, { force: true });
    const child = spawn(process.execPath, run.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...run.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    running.add(child);
    const chunks: string[] = [];
    const take = (to: NodeJS.WriteStream) => (data: Buffer) => {
      const text = data.toString();
      chunks.push(text);
      if (!buffered) to.write(text);
    };
    child.stdout!.on('data', take(process.stdout));
    child.stderr!.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      running.delete(child);
      const output = chunks.join('');
      writeFileSync(join(logDir, `${slug(run.name)}.log`), stripAnsi(output));
      const seconds = (Date.now() - started) / 1000;
      if (buffered) process.stdout.write(`\n--- ${run.name} (${seconds.toFixed(1)} s) ---\n${output}`);
      resolve({ run, status: code ?? (signal ? 1 : 0), seconds, output, stopped: stoppedByUs.has(child) });
    });
  });

/** The first error of a command that is not a vitest run: its first line naming an error, with a few after it. */
const firstError = (output: string) => {
  const lines = stripAnsi(output).split('\n');
  const at = lines.findIndex((l) => /error/i.test(l));
  return (at === -1 ? lines.filter((l) => l.trim()).slice(-12) : lines.slice(Math.max(0, at - 1), at + 10)).join('\n');
};

const explain = (r: Result) => {
  const log = join('test-results', 'logs', `${slug(r.run.name)}.log`);
  const report = r.run.report ? readReport(r.run.report) : null;
  const first = report?.failures[0];
  const lines = [`失败步骤 (failed step): ${r.run.name}, exit code ${r.status}`];
  if (first) {
    lines.push(`第一个失败的测试 (first failing test, ${report!.failures.length} failed in all): ${first.test}`, indent(first.message));
  } else {
    lines.push(`第一个错误 (first error):`, indent(firstError(r.output)));
  }
  lines.push(`完整输出 (full output): ${log}`);
  return lines.join('\n');
};
const indent = (s: string) => s.split('\n').map((l) => `    ${l}`).join('\n');

/** A stage's runs: one after the other, stopping at the first failure, or all at once (`parallel`). */
const runStage = (stage: Stage, buffered: boolean, onePassed: () => void): Promise<Result[]> => {
  if (stage.parallel) {
    return Promise.all(stage.runs.map((r) => execute(r, true).then((res) => {
      // after a failure nothing new starts (the stage's other runs go on, to tell whether both
      // backends fail); a stage waiting for one run to pass starts when one has passed
      if (res.status !== 0 && !res.stopped) stopping = true;
      else if (res.status === 0 && !stopping) onePassed();
      return res;
    })));
  }
  return (async () => {
    const results: Result[] = [];
    for (const run of stage.runs) {
      if (stopping) break;
      const r = await execute(run, buffered);
      results.push(r);
      if (r.status !== 0) break;
    }
    if (results.length === stage.runs.length && results.every((r) => r.status === 0) && !stopping) onePassed();
    return results;
  })();
};

const main = async () => {
  mkdirSync(logDir, { recursive: true });
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !stages.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(`没有这个步骤 (no such step): ${unknown.join(', ')}；可选 (steps): ${stages.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = stages.filter((s) => !only.length || only.includes(s.name));
  const begun = Date.now();
  const summary: string[] = [];
  const line = (r: Result) => `${r.stopped ? 'stop' : r.status === 0 ? 'ok  ' : 'FAIL'} ${r.run.name} (${r.seconds.toFixed(1)} s)`;
  const failed: Result[] = [];
  const all: Promise<void>[] = [];
  // for each chosen stage: when it may start, and its end
  let previousGate: Promise<boolean> = Promise.resolve(true);
  let everythingBefore: Promise<boolean> = Promise.resolve(true);
  let firstPassedOfPrevious: Promise<boolean> = Promise.resolve(true);
  chosen.forEach((stage, i) => {
    // a stage runs beside (or after the first run of) the stage just before it in the full list
    // only: with that one left out (`npm test -- build "type check"`) it waits for everything before
    // it, so the type check never runs while the build still writes the route tree
    const neighbour = i > 0 && stages[stages.indexOf(stage) - 1] === chosen[i - 1];
    const start = neighbour ? (stage.start ?? 'after') : 'after';
    const gate = start === 'with' ? previousGate : start === 'afterFirstOf' ? firstPassedOfPrevious : everythingBefore;
    // a stage that runs beside another keeps its output until it ends, as a parallel stage does
    const next = chosen[i + 1];
    const alone = !stage.parallel && start !== 'with' && next?.start !== 'with';
    let passedOne!: (ok: boolean) => void;
    const firstPassed = new Promise<boolean>((r) => (passedOne = r));
    const done = gate.then(async (go) => {
      if (!go || stopping) {
        passedOne(false);
        return false;
      }
      const started = Date.now();
      console.log(`\n=== ${stage.name} ===${alone || stage.parallel ? '' : ' 与其他步骤同时运行，结束时整段输出 (runs beside other steps, its output shown when it ends)'}`);
      if (stage.parallel) console.log(`${stage.runs.map((r) => r.name).join(' 与 ')} 同时运行，各自结束时整段输出 (run at once, each one's output shown when it ends)`);
      const results = await runStage(stage, !alone, () => passedOne(true));
      passedOne(false);
      summary.push(...results.map(line));
      if (stage.parallel || stage.runs.length > 1) summary.push(`     ${stage.name} in all: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const bad = results.filter((r) => r.status !== 0 && !r.stopped);
      if (bad.length > 0) {
        failed.push(...bad);
        stopAll();
        return false;
      }
      return !stopping;
    });
    all.push(done.then(() => undefined));
    const before = everythingBefore;
    everythingBefore = Promise.all([before, done]).then(([a, b]) => a && b);
    previousGate = gate;
    firstPassedOfPrevious = firstPassed;
  });
  await Promise.all(all);
  if (signalled !== undefined) {
    console.error(`\n${summary.join('\n')}\n\n被信号终止 (stopped by a signal)`);
    process.exit(signalled);
  }
  summary.push(`     npm test in all: ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  if (failed.length > 0) {
    console.error(`\n${summary.join('\n')}\n\n${failed.map(explain).join('\n\n')}`);
    process.exit(failed[0].status || 1);
  }
  console.log(`\n${summary.join('\n')}`);
};

await main();
