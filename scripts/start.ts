/**
 * `npm start`: check the environment, build the PWA when the build is missing or older than its
 * sources, then run the server (which migrates and seeds the database on first run; with
 * `-- --rows N` the first seed makes N stock rows).
 * Configuration: see README.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseEnv } from '../src/server/env';
import { parseSeedOptions } from '../src/server/db/seed-options';

// a bad variable or option is reported before the build, not after minutes of it
const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
// `npm start -- --rows N`: the first start seeds N stock rows instead of the demo's 20,000
const seedOptions = parseSeedOptions(process.argv.slice(2));
if (!seedOptions.ok) {
  process.stderr.write(`${seedOptions.message}\n`);
  process.exit(2);
}

const root = process.cwd();
const built = join(root, 'dist', 'index.html');
const sources = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/client', 'src/shared', 'sw', 'public'];

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
};

const needsBuild = (): boolean => {
  if (process.env.STATIC_DIR) return false;
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
};

if (needsBuild()) {
  console.log('构建前端应用 (vite build)…');
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('前端构建失败，请查看上面的错误信息。');
    process.exit(r.status ?? 1);
  }
}

if (seedOptions.rowsGiven) {
  const { migrateAndSeed } = await import('../src/server/db/seed-run');
  await migrateAndSeed(parsed.env, { seed: true, stockRows: seedOptions.stockRows, rowsGiven: true });
}

await import('../src/server/main');
