/**
 * npm run bench:bundle — the gzipped JS and CSS the first route loads, counted from
 * dist/index.html, and what the service worker precaches, brotli as sent (build first). Prints
 * one JSON line; the largest files go to stderr. Exits 1 when the first route is over its 200 KiB
 * budget or the precache over its 600 KiB (docs/benchmarks.md).
 */
import { resolve } from 'node:path';
import { initialLoad, precacheLoad } from './bundle-size';

const BUDGET = 200 * 1024;
const PRECACHE_BUDGET = 600 * 1024;
const dist = resolve(process.argv[2] ?? 'dist');
const r = initialLoad(dist);
const pre = precacheLoad(dist);
const kib = (n: number) => Number((n / 1024).toFixed(1));
for (const f of r.files.slice(0, 12)) console.error(`${kib(f.gzip).toString().padStart(7)} KiB gz  ${f.file}`);
console.log(JSON.stringify({
  initial_js_gzip_kib: kib(r.jsGzip), initial_css_gzip_kib: kib(r.cssGzip), initial_total_gzip_kib: kib(r.totalGzip),
  initial_files: r.files.length, budget_kib: BUDGET / 1024, within_budget: r.totalGzip <= BUDGET,
  precache_entries: pre.entries, precache_kib: kib(pre.bytes), precache_brotli_kib: kib(pre.brotli),
  precache_budget_kib: PRECACHE_BUDGET / 1024, precache_within_budget: pre.brotli <= PRECACHE_BUDGET,
}));
if (r.totalGzip > BUDGET || pre.brotli > PRECACHE_BUDGET) process.exitCode = 1;
