/**
 * The partner API's document and its readable reference (docs/open-platform.md, "The document"):
 * - `GET /api/open/v1/openapi.json`: the OpenAPI 3.1 document of the partner calls;
 * - `GET /api/open/v1/docs`: an HTML page that shows it with Scalar's API reference;
 * - `GET /api/open/reference/standalone.js?v=<version>` and `/api/open/reference/init.js`: Scalar's
 *   standalone bundle from our own node_modules (no CDN) and the few lines that start it, so the
 *   page needs no inline script and the site's CSP holds unchanged. The bundle's address carries
 *   its version: cached for a year. It lives under /api/, which the service worker never
 *   precaches nor caches (sw/sw.ts), and is not part of the build the precache is made from.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { acceptedEncodings } from './static';
import { OPEN_API_PREFIX } from './openapi';

export const OPEN_DOCUMENT_PATH = `${OPEN_API_PREFIX}/openapi.json`;
export const OPEN_REFERENCE_PATH = `${OPEN_API_PREFIX}/docs`;
const ASSET_DIR = '/api/open/reference';

const require = createRequire(import.meta.url);
const scalarDir = (() => {
  try {
    // the package exports no package.json: its main file is dist/index.js
    return dirname(dirname(require.resolve('@scalar/api-reference')));
  } catch {
    return null;
  }
})();
const scalarVersion = scalarDir ? (JSON.parse(readFileSync(join(scalarDir, 'package.json'), 'utf8')) as { version: string }).version : '0';
export const SCALAR_BUNDLE_PATH = `${ASSET_DIR}/standalone.js`;

/** Scalar's settings: no fonts from its CDN, no proxy, no AI agent or MCP (both Scalar's services), our document */
const INIT_JS = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: OPEN_DOCUMENT_PATH,
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  // no chat with Scalar's cloud and no MCP offer: the page talks to our server only
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
  defaultOpenAllTags: true,
  metaData: { title: '汽配汇开放平台 API 参考' },
})});\n`;

const html = () => `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>汽配汇开放平台 API 参考</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}.back{display:block;padding:8px 16px;font-size:14px;background:#1565c0;color:#fff;text-decoration:none}</style>
</head>
<body>
<a class="back" href="/open">← 返回开放平台接入指南</a>
<noscript>请启用 JavaScript 查看接口参考，或直接下载 <a href="${OPEN_DOCUMENT_PATH}">OpenAPI 文档</a>。</noscript>
<div id="reference"></div>
<script src="${SCALAR_BUNDLE_PATH}?v=${scalarVersion}"></script>
<script src="${ASSET_DIR}/init.js?v=${scalarVersion}"></script>
</body>
</html>
`;

interface Encoded { raw: Uint8Array<ArrayBuffer>; br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }
const asBytes = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);

/** compressed once, on first ask (about 4 MB of script: brotli at quality 5 keeps it quick) */
const encodedOnce = (read: () => Buffer) => {
  let cached: Encoded | null = null;
  return (encoding: 'br' | 'gzip' | 'raw'): Uint8Array<ArrayBuffer> => {
    cached ??= { raw: asBytes(read()) };
    if (encoding === 'br') return (cached.br ??= asBytes(brotliCompressSync(cached.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })));
    if (encoding === 'gzip') return (cached.gzip ??= asBytes(gzipSync(cached.raw, { level: 6 })));
    return cached.raw;
  };
};

const sendScript = (c: Context, body: (e: 'br' | 'gzip' | 'raw') => Uint8Array<ArrayBuffer>) => {
  const ok = acceptedEncodings(c.req.header('Accept-Encoding'));
  const encoding = ok.has('br') ? 'br' : ok.has('gzip') ? 'gzip' : 'raw';
  const headers: Record<string, string> = {
    'Content-Type': 'text/javascript; charset=utf-8',
    // the address names the version: a new version is a new address
    'Cache-Control': 'public, max-age=31536000, immutable, no-transform',
    Vary: 'Accept-Encoding',
  };
  if (encoding !== 'raw') headers['Content-Encoding'] = encoding;
  return c.body(body(encoding), 200, headers);
};

export const mountOpenReference = (app: Hono, document: Record<string, unknown>) => {
  app.get(OPEN_DOCUMENT_PATH, (c) => c.json(document));
  app.get(OPEN_REFERENCE_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html());
  });
  const bundle = encodedOnce(() => readFileSync(join(scalarDir ?? '.', 'dist/browser/standalone.js')));
  const init = encodedOnce(() => Buffer.from(INIT_JS));
  if (scalarDir) app.get(SCALAR_BUNDLE_PATH, (c) => sendScript(c, bundle));
  app.get(`${ASSET_DIR}/init.js`, (c) => sendScript(c, init));
};
