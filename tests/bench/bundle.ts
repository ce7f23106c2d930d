/**
 * npm run bench:bundle — the gzipped JS and CSS the first route loads, counted from
 * dist/index.html (build first). Prints one JSON line; the largest files go to stderr.
 * Exits 1 when the total is over the 200 KiB budget (docs/benchmarks.md).
 */
import { resolve } from 'node:path';
import { initialLoad } from './bundle-size';

const BUDGET = 200 * 1024;
const r = initialLoad(resolve(process.argv[2] ?? 'dist'));
const kib = (n: number) => Number((n / 1024).toFixed(1));
for (const f of r.files.slice(0, 12)) console.error(`${kib(f.gzip).toString().padStart(7)} KiB gz  ${f.file}`);
console.log(JSON.stringify({
  initial_js_gzip_kib: kib(r.jsGzip), initial_css_gzip_kib: kib(r.cssGzip), initial_total_gzip_kib: kib(r.totalGzip),
  initial_files: r.files.length, budget_kib: BUDGET / 1024, within_budget: r.totalGzip <= BUDGET,
}));
if (r.totalGzip > BUDGET) process.exitCode = 1;
