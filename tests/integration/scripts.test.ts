import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
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

describe('package.json scripts', () => {
  it('run only files that exist', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const [name, command] of Object.entries(scripts)) {
      for (const [, file] of command.matchAll(/\btsx\s+(\S+)/g)) expect(existsSync(file), `${name}: ${file}`).toBe(true);
    }
    expect(scripts['test:e2e']).toBe('vitest run --project e2e');
  });
});
