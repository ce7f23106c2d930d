/**
 * Compressed answers: the build's precompressed copies of a hashed asset and large
 * JSON answers of the API come back brotli or gzip as Accept-Encoding allows, decode to exactly the
 * bytes of the uncompressed answer, and keep the security headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { COMPRESS_MIN_BYTES } from '../../src/server/http/compress';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const bytesOf = async (r: Response) => Buffer.from(await r.arrayBuffer());
const decode = (encoding: string | null, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

const expectSecurityHeaders = (r: Response) => {
  const csp = r.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('x-frame-options')).toBe('DENY');
};

describe.each(backends)('compressed answers on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'compression', () => {
    let env: TestEnv;
    let token: string;
    const dist = mkdtempSync(join(tmpdir(), 'qph-dist-'));
    // a chunk as the build names it, big and repetitive enough to compress as real code does
    const asset = '/assets/index-Ab12Cd34.js';
    const assetBody = Array.from({ length: 800 }, (_, i) => `export const f${i} = (x) => x * ${i} + "汽配汇";\n`).join('');
    beforeAll(async () => {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, asset), assetBody);
      writeFileSync(join(dist, 'index.html'), `<!doctype html><html lang="zh-CN"><head><script type="module" src="${asset}"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`);
      writeFileSync(join(dist, 'assets', 'tiny-Zz.js'), 'export {};');
      await precompressDir(dist);
      env = await createTestEnv(backend, { staticDir: dist, stockRows: 400 });
      token = (await env.login('buyer')).access_token;
    });
    afterAll(async () => {
      await env?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('a hashed asset comes precompressed per Accept-Encoding, immutable, and decodes to the file', async () => {
      const cases: [string, string | null][] = [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', null], ['', null]];
      for (const [accept, expected] of cases) {
        const r = await env.raw('GET', asset, { headers: { 'accept-encoding': accept } });
        expect(r.status).toBe(200);
        expect(r.headers.get('content-encoding')).toBe(expected);
        expect(r.headers.get('vary')).toContain('Accept-Encoding');
        expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(r.headers.get('content-type')).toContain('text/javascript');
        const body = await bytesOf(r);
        if (expected) expect(body.length).toBeLessThan(assetBody.length / 4);
        expect(decode(expected, body).toString('utf8')).toBe(assetBody);
        expectSecurityHeaders(r);
      }
    });

    it('the shell revalidates by ETag per encoding, and the .br copy is not a file of its own', async () => {
      const first = await env.raw('GET', '/search/parts/keyword', { headers: { 'accept-encoding': 'br' } });
      expect(first.headers.get('content-encoding')).toBe('br');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(decode('br', await bytesOf(first)).toString('utf8')).toContain('<div id="root">');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+-br"$/);
      const again = await env.raw('GET', '/index.html', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect((await bytesOf(again)).length).toBe(0);
      // gzip is another representation: its own tag, so the brotli tag does not match it
      const gz = await env.raw('GET', '/index.html', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
      expect(gz.status).toBe(200);
      expect(gz.headers.get('etag')).not.toBe(etag);
      expectSecurityHeaders(again);
      expect((await env.raw('GET', `${asset}.br`)).status).toBe(404);
      // below the size worth compressing the build writes no copy: sent as it is
      const tiny = await env.raw('GET', '/assets/tiny-Zz.js', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(tiny.headers.get('content-encoding')).toBeNull();
      expect(await tiny.text()).toBe('export {};');
    });

    it('large JSON answers come compressed and decode to the uncompressed answer; small ones as they are', async () => {
      for (const path of ['/api/openapi.json', '/api/search/keyword?k=刹车&mode=fuzzy&page_size=50']) {
        const plain = await env.raw('GET', path, { token, headers: { 'accept-encoding': 'identity' } });
        const plainBody = await bytesOf(plain);
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plainBody.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
        expect(JSON.parse(plainBody.toString('utf8')).code ?? 200).toBe(200);
        for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
          const r = await env.raw('GET', path, { token, headers: { 'accept-encoding': accept } });
          expect(r.status).toBe(200);
          expect(r.headers.get('content-encoding')).toBe(expected);
          expect(r.headers.get('vary')).toContain('Accept-Encoding');
          expect(r.headers.get('content-type')).toContain('application/json');
          const body = await bytesOf(r);
          expect(body.length).toBeLessThan(plainBody.length / 2);
          // each search counts against the day's quota: all but that count is the same answer
          const sameAnswer = (b: Buffer) => { const j = JSON.parse(b.toString('utf8')); delete j.data?.quota; return j; };
          expect(sameAnswer(decode(expected, body))).toEqual(sameAnswer(plainBody));
          expectSecurityHeaders(r);
        }
      }
      const small = await env.raw('GET', '/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect((await small.json()).data.backend).toBe(backend);
      // error answers keep their status and envelope through the middleware
      const missing = await env.raw('GET', '/api/no-such-call', { headers: { 'accept-encoding': 'br' } });
      expect(missing.status).toBe(404);
      expectSecurityHeaders(missing);
    });
  });
});
