/**
 * `npm test`: everything, in order, stopping at the first failure: build (also generates the route
 * tree the type check needs), type check, lint, unit tests, server integration tests (the PGlite
 * pass and, when one answers on 127.0.0.1:5432, the PostgreSQL pass, at the same time: they share
 * nothing), browser end-to-end tests against the built app. `npm test -- integration e2e` runs only
 * the steps named.
 *
 * Every step's output also goes to test-results/logs/; the vitest steps write a JSON report next to
 * it. At the very end a failed run names the failed step and its first failing test with the
 * assertion message (or the first error line of a build, type check or lint), so nobody has to
 * scroll back through the log.
 */
import { spawn } from 'node:child_process';
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
  { name: 'type check', runs: [{ name: 'type check', args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json'] }] },
  { name: 'lint', runs: [{ name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'] }] },
  // the floor plan (docs/architecture.md): layers point down, features meet through their public
  // surface, a server module's repo is its own, no import circles (.dependency-cruiser.cjs)
  { name: 'floor plan', runs: [{ name: 'floor plan', args: [bin('dependency-cruiser', 'bin/dependency-cruiser.mjs'), 'src', '--output-type', 'err'] }] },
  // the page's code in jsdom, the server's and the shared code without a document
  { name: 'unit', runs: [vitest('unit', ['unit', 'unit-mocks', 'unit-node'])] },
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
    const chunks: string[] = [];
    const take = (to: NodeJS.WriteStream) => (data: Buffer) => {
      const text = data.toString();
      chunks.push(text);
      if (!buffered) to.write(text);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      const output = chunks.join('');
      writeFileSync(join(logDir, `${slug(run.name)}.log`), stripAnsi(output));
      const seconds = (Date.now() - started) / 1000;
      if (buffered) process.stdout.write(`\n--- ${run.name} (${seconds.toFixed(1)} s) ---\n${output}`);
      resolve({ run, status: code ?? (signal ? 1 : 0), seconds, output });
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

const main = async () => {
  mkdirSync(logDir, { recursive: true });
  const only = process.argv.slice(2);
  const summary: string[] = [];
  const line = (r: Result) => `${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.run.name} (${r.seconds.toFixed(1)} s)`;
  for (const stage of stages) {
    if (only.length && !only.includes(stage.name)) continue;
    const started = Date.now();
    console.log(`\n=== ${stage.name} ===`);
    let results: Result[];
    if (stage.parallel) {
      console.log(`${stage.runs.map((r) => r.name).join(' 与 ')} 同时运行，各自结束时整段输出 (run at once, each one's output shown when it ends)`);
      results = await Promise.all(stage.runs.map((r) => execute(r, true)));
    } else {
      results = [];
      for (const run of stage.runs) {
        const r = await execute(run, false);
        results.push(r);
        if (r.status !== 0) break;
      }
    }
    summary.push(...results.map(line));
    if (stage.parallel || stage.runs.length > 1) summary.push(`     ${stage.name} in all: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const failed = results.filter((r) => r.status !== 0);
    if (failed.length > 0) {
      console.error(`\n${summary.join('\n')}\n\n${failed.map(explain).join('\n\n')}`);
      process.exit(failed[0].status || 1);
    }
  }
  console.log(`\n${summary.join('\n')}`);
};

await main();
