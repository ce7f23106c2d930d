/**
 * What the first route costs to load: the JavaScript and CSS that dist/index.html loads
 * before the app can render — its module script, every modulepreload and stylesheet link, and
 * whatever those modules import statically in turn (a chunk missing from the preload list is still
 * fetched before the entry runs) — each gzipped at level 9 as the server sends it.
 * Dynamic imports (lazy routes, the barcode reader) are not counted: they load when used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type BundleFile = { file: string; bytes: number; gzip: number };
export type BundleReport = { jsGzip: number; cssGzip: number; totalGzip: number; totalBytes: number; files: BundleFile[] };

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
/** Static imports of a built module: `import"./x.js"`, `import{a}from"./x.js"`, `export*from"./x.js"` (not `import("./x.js")`). */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1]);

export const initialLoad = (distDir: string): BundleReport => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const roots: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const src = tag.startsWith('<script') ? attr(tag, 'src') : rel === 'modulepreload' || rel === 'stylesheet' ? attr(tag, 'href') : undefined;
    if (src && /\.(js|css)$/.test(src) && src.startsWith('/')) roots.push(src);
  }
  const seen = new Set<string>();
  const files: BundleFile[] = [];
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const path = join(distDir, url);
    if (!existsSync(path)) throw new Error(`index.html 引用的文件不存在：${url}`);
    const body = readFileSync(path);
    files.push({ file: url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    if (url.endsWith('.js')) {
      const dir = url.slice(0, url.lastIndexOf('/') + 1);
      for (const spec of staticImports(body.toString('utf8'))) visit(spec.startsWith('/') ? spec : new URL(spec, `http://x${dir}`).pathname);
    }
  };
  roots.forEach(visit);
  const sum = (f: (x: BundleFile) => boolean, k: 'gzip' | 'bytes') => files.filter(f).reduce((s, x) => s + x[k], 0);
  const jsGzip = sum((f) => f.file.endsWith('.js'), 'gzip');
  const cssGzip = sum((f) => f.file.endsWith('.css'), 'gzip');
  return { jsGzip, cssGzip, totalGzip: jsGzip + cssGzip, totalBytes: sum(() => true, 'bytes'), files: files.sort((a, b) => b.gzip - a.gzip) };
};

/**
 * What a first visit's service worker downloads before the app opens offline: every entry of the
 * precache manifest in dist/sw.js, brotli-compressed as the server sends it (docs/benchmarks.md).
 */
export const precacheLoad = (distDir: string) => {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map((m) => m[1]))];
  if (urls.length === 0) throw new Error('dist/sw.js 中没有预缓存清单');
  let brotli = 0;
  let bytes = 0;
  for (const url of urls) {
    const body = readFileSync(join(distDir, url));
    bytes += body.length;
    brotli += brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;
  }
  return { entries: urls.length, bytes, brotli };
};
