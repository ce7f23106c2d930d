import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { runsBackendFreeTests } from './harness';

describe.runIf(runsBackendFreeTests)('npm start', () => {
  it('names a bad variable before it builds anything', () => {
    // an empty working folder has no build, so the script would build first if it did not check
    const cwd = mkdtempSync(join(tmpdir(), 'qph-start-'));
    try {
      const r = spawnSync(process.execPath, [join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(process.cwd(), 'scripts', 'start.ts')], {
        cwd, env: { ...process.env, PORT: 'abc', STATIC_DIR: '' }, encoding: 'utf8', timeout: 30_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('环境变量 PORT 无效');
      expect(r.stdout).not.toContain('构建前端应用');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe.runIf(runsBackendFreeTests)('stock rows of the first seed', () => {
  const tsx = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const withoutDatabaseUrl = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  it('npm start and npm run db:seed refuse a bad --rows before building or opening anything', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'qph-rows-'));
    try {
      const env = { ...withoutDatabaseUrl(), STATIC_DIR: '', DATA_DIR: join(cwd, 'data') };
      const start = spawnSync(process.execPath, [tsx, join(process.cwd(), 'scripts', 'start.ts'), '--rows', 'abc'], { cwd, env, encoding: 'utf8', timeout: 30_000 });
      expect(start.status).toBe(2);
      expect(start.stderr).toContain('--rows 必须是 1000 到 50000000 之间的整数（收到 abc）');
      expect(start.stdout).not.toContain('构建前端应用');
      const seed = spawnSync(process.execPath, [tsx, join(process.cwd(), 'src', 'server', 'db', 'cli.ts'), 'seed', '--rows=12'], { cwd, env, encoding: 'utf8', timeout: 30_000 });
      expect(seed.status).toBe(2);
      expect(seed.stderr).toContain('（收到 12）');
      expect(existsSync(join(cwd, 'data'))).toBe(false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('npm run db:seed -- --rows N seeds N stock rows into an empty database and leaves a seeded one alone', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'qph-rows-'));
    try {
      const env = { ...withoutDatabaseUrl(), DATA_DIR: join(cwd, 'data') };
      const run = () => spawnSync(process.execPath, [tsx, join(process.cwd(), 'src', 'server', 'db', 'cli.ts'), 'seed', '--rows', '2500'], { cwd, env, encoding: 'utf8', timeout: 120_000 });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('已写入演示数据（2500 条库存');
      const db = await PGlite.create(join(cwd, 'data', 'pglite'));
      expect((await db.query<{ n: number }>('select count(*)::int as n from stock')).rows[0].n).toBe(2500);
      await db.close();
      const again = run();
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('数据库非空，跳过演示数据：--rows 只作用于空数据库');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 150_000);
});

describe.runIf(runsBackendFreeTests)('package.json scripts', () => {
  it('run only files that exist', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const [name, command] of Object.entries(scripts)) {
      for (const [, file] of command.matchAll(/\btsx\s+(\S+)/g)) expect(existsSync(file), `${name}: ${file}`).toBe(true);
    }
    expect(scripts['test:e2e']).toBe('vitest run --project e2e');
  });
});
