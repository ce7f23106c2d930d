/**
 * `npm run test:flaky`: the flake check. Runs the browser end-to-end suite RUNS times in a row
 * (default 3; `npm run test:flaky -- 5`) while scripts/cpu-burn.ts keeps every core busy, as on a
 * machine shared with other builds, and prints each run's failures (test and first assertion
 * message) and a summary. Builds the app first when dist/ has none. Not part of `npm test`.
 * Exits non-zero when any run had a failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readReport, type Failure } from './vitest-report';

const bin = (pkg: string, file: string) => join(process.cwd(), 'node_modules', pkg, file);
const runs = Number(process.argv[2] ?? 3);
const logDir = join(process.cwd(), 'test-results', 'flaky');
mkdirSync(logDir, { recursive: true });

if (!existsSync(join(process.env.E2E_DIST ?? 'dist', 'index.html'))) {
  console.log('dist/ 没有构建产物，先构建 (no build in dist/, building first)');
  const b = spawnSync(process.execPath, [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const ensure = spawnSync(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'tests/e2e/ensure-chromium.ts'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

// with an IPC channel the burner stops by itself should this script die
const burner: ChildProcess = spawn(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'scripts/cpu-burn.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const stopBurner = () => {
  if (burner.exitCode === null) burner.kill('SIGTERM');
};
process.on('exit', stopBurner);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

interface Outcome {
  run: number;
  seconds: number;
  status: number;
  total: number;
  passed: number;
  failures: Failure[];
}

const runOnce = (n: number) =>
  new Promise<Outcome>((resolve) => {
    const report = join(logDir, `run-${n}.json`);
    const started = Date.now();
    console.log(`\n=== e2e run ${n}/${runs} (cores kept busy) ===`);
    const child = spawn(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', '--project', 'e2e', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit' });
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const r = readReport(report);
      const failures = r?.failures ?? [{ test: '(no report)', message: `vitest exited with ${code} and wrote no report` }];
      resolve({ run: n, seconds, status: code ?? 1, total: r?.total ?? 0, passed: r?.passed ?? 0, failures });
    });
  });

const outcomes: Outcome[] = [];
for (let n = 1; n <= runs; n++) {
  const o = await runOnce(n);
  outcomes.push(o);
  console.log(`\nrun ${n}: ${o.passed}/${o.total} passed, ${o.failures.length} failed, ${o.seconds.toFixed(0)} s`);
  for (const f of o.failures) console.log(`  FAIL ${f.test}\n${f.message.split('\n').map((l) => `       ${l}`).join('\n')}`);
}
stopBurner();

console.log('\n=== test:flaky summary (e2e under full CPU load) ===');
for (const o of outcomes) console.log(`run ${o.run}: ${o.passed}/${o.total} passed, ${o.failures.length} failed (${o.seconds.toFixed(0)} s)${o.failures.length ? ': ' + o.failures.map((f) => f.test).join('; ') : ''}`);
const failed = outcomes.reduce((n, o) => n + o.failures.length + (o.status !== 0 && o.failures.length === 0 ? 1 : 0), 0);
console.log(failed === 0 ? `${runs} loaded runs, no failures` : `${failed} failures in ${runs} loaded runs`);
process.exit(failed === 0 ? 0 : 1);
