/**
 * `npm test`: everything, in order, stopping at the first failure: build (also generates the route
 * tree the type check needs), type check, lint, unit tests, server integration tests (PGlite, and
 * PostgreSQL when one answers on 127.0.0.1:5432), browser end-to-end tests against the built app.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const bin = (pkg: string, file: string) => join(process.cwd(), 'node_modules', pkg, file);
const steps: Array<[string, string[]]> = [
  ['build', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn']],
  ['type check', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']],
  ['lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']],
  ['unit', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'unit']],
  ['integration', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'integration']],
  ['e2e', [bin('tsx', 'dist/cli.mjs'), 'tests/e2e/ensure-chromium.ts']],
  ['e2e', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'e2e']],
];

const only = process.argv.slice(2);
const summary: string[] = [];
for (const [name, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (r.status !== 0) {
    console.error(`\n${summary.join('\n')}\n\n失败步骤: ${name}`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${summary.join('\n')}`);
