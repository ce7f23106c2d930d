/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the service worker never
 * cached by HTTP (the worker does its own caching), and the SPA fallback for client routes.
 * Text files come precompressed from the build (scripts/precompress.ts: name.br, name.gz beside
 * them): brotli or gzip as the client's Accept-Encoding allows, with Vary: Accept-Encoding so a
 * shared cache never hands a brotli body to a client that cannot read it. Each file carries an
 * ETag of its own bytes and encoding (a gzip body and a brotli body are different
 * representations), and If-None-Match answers 304, so the no-cache shell and worker revalidate
 * without downloading again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.wasm': 'application/wasm', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8',
};
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js', '/lazy-assets.json']);
/** The extensions scripts/precompress.ts writes copies of: only these vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|map)$/;

/** The encodings the client accepts, by Accept-Encoding (q=0 refuses one; `*` accepts any). */
export const acceptedEncodings = (header: string | undefined): Set<string> => {
  const ok = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!name || (q && Number(q.slice(2)) === 0)) continue;
    if (name === '*') ['br', 'gzip'].forEach((e) => ok.add(e));
    else ok.add(name);
  }
  return ok;
};

type Variant = { body: Uint8Array<ArrayBuffer>; etag: string };

export const serveStatic = (staticDir: string) => {
  const root = resolve(staticDir);
  // with the separator, so that a sibling folder sharing the name's start (dist-old) stays outside
  const inside = root.endsWith(sep) ? root : root + sep;
  // the build does not change under a running server; a new build means a restart. Keyed by path and mtime, so a rebuild in place is still seen.
  const cache = new Map<string, Variant>();
  const variant = (path: string, tag: string): Variant => {
    const key = `${path}\0${statSync(path).mtimeMs}`;
    let v = cache.get(key);
    if (!v) {
      const body = new Uint8Array(readFileSync(path));
      v = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${tag}"` };
      cache.set(key, v);
    }
    return v;
  };
  const file = (c: Context, urlPath: string) => {
    const full = normalize(join(root, urlPath));
    if (!full.startsWith(inside) || !existsSync(full) || !statSync(full).isFile()) return null;
    const type = TYPES[extname(full)] ?? 'application/octet-stream';
    const cacheControl = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : NO_CACHE.has(urlPath) ? 'no-cache' : 'public, max-age=3600';
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl };
    let chosen: Variant | null = null;
    if (COMPRESSIBLE.test(full)) {
      headers.Vary = 'Accept-Encoding';
      const accepts = acceptedEncodings(c.req.header('Accept-Encoding'));
      for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
        if (accepts.has(enc) && existsSync(full + ext)) {
          chosen = variant(full + ext, `-${ext.slice(1)}`);
          headers['Content-Encoding'] = enc;
          break;
        }
      }
    }
    chosen ??= variant(full, '');
    headers.ETag = chosen.etag;
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === chosen.etag)) {
      delete headers['Content-Type'];
      delete headers['Content-Encoding'];
      return c.body(null, 304, headers);
    }
    return c.body(chosen.body, 200, headers);
  };
  return (c: Context) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('请求地址无效：其中的 % 转义不完整', 400);
    }
    // the .br/.gz copies are served through their file's name only, never as files of their own
    const direct = path !== '/' && !/\.(br|gz)$/.test(path) ? file(c, path) : null;
    if (direct) return direct;
    if (extname(path) !== '' && !path.endsWith('.html')) return c.text('Not Found', 404);
    const shell = file(c, '/index.html');
    return shell ?? c.text('前端应用尚未构建：请先运行 npm run build（npm start 会自动构建）', 503);
  };
};
