// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static';

describe('serveStatic', () => {
  const base = mkdtempSync(join(tmpdir(), 'qph-static-'));
  mkdirSync(join(base, 'dist', 'assets'), { recursive: true });
  mkdirSync(join(base, 'dist-old'));
  writeFileSync(join(base, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(base, 'dist', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(base, 'dist-old', 'secret.txt'), 'not for you');
  writeFileSync(join(base, 'dist-old', 'page.html'), 'old page');
  const app = new Hono();
  app.get('*', serveStatic(join(base, 'dist')));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('serves files of the build and the shell for client routes', async () => {
    const asset = await app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(await (await app.request('/search/parts')).text()).toContain('shell');
  });

  it('never reads a sibling folder whose name starts like the build folder', async () => {
    for (const path of ['/..%2Fdist-old%2Fsecret.txt', '/..%2fdist-old%2fsecret.txt', '/%2E%2E%2Fdist-old%2Fsecret.txt']) {
      const r = await app.request(path);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('not for you');
    }
    // an .html path outside falls back to the shell, never the file
    expect(await (await app.request('/..%2Fdist-old%2Fpage.html')).text()).toContain('shell');
  });

  it('answers a malformed % escape with 400 and a Chinese message, not a server error', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const r = await app.request(path);
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('请求地址无效');
    }
  });
});
