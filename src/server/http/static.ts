/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the service worker never
 * cached by HTTP (the worker does its own caching), and the SPA fallback for client routes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.wasm': 'application/wasm', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8',
};
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

export const serveStatic = (staticDir: string) => {
  const root = resolve(staticDir);
  // with the separator, so that a sibling folder sharing the name's start (dist-old) stays outside
  const inside = root.endsWith(sep) ? root : root + sep;
  const file = (c: Context, urlPath: string) => {
    const full = normalize(join(root, urlPath));
    if (!full.startsWith(inside) || !existsSync(full) || !statSync(full).isFile()) return null;
    const type = TYPES[extname(full)] ?? 'application/octet-stream';
    const cache = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : NO_CACHE.has(urlPath) ? 'no-cache' : 'public, max-age=3600';
    return c.body(readFileSync(full), 200, { 'Content-Type': type, 'Cache-Control': cache });
  };
  return (c: Context) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('请求地址无效：其中的 % 转义不完整', 400);
    }
    const direct = path !== '/' ? file(c, path) : null;
    if (direct) return direct;
    if (extname(path) !== '' && !path.endsWith('.html')) return c.text('Not Found', 404);
    const shell = file(c, '/index.html');
    return shell ?? c.text('前端应用尚未构建：请先运行 npm run build（npm start 会自动构建）', 503);
  };
};
