/**
 * Lighthouse on the phone search page and the desktop pages: serves the
 * built dist/ (build it first, this builds nothing) on a fresh PGlite with the demo seed, signs the
 * buyer in, then audits, as a signed-in buyer sees them:
 * - ofo: /ofo/search with an OE number that has offers, mobile;
 * - home, search, keyword: /, /search and a keyword results page, each mobile and desktop.
 * Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown), desktop its desktop preset.
 * Prints one JSON line: per audit the performance, accessibility and best-practices scores (0–100),
 * FCP / LCP / TBT (ms) and CLS. `-- --pages ofo,home` audits only those; `-- --dist <dir>` serves another build;
 * `-- --details` also prints to stderr where each page's main-thread time went (by kind, by script,
 * the long tasks), the largest paint's element with its parts, and the layout shifts.
 * `-- --forms mobile` audits one form factor only; `-- --runs 3` audits each page that many times,
 * interleaved, and adds `medians` (performance and TBT of each page and form): one run's score moves
 * by 5-10 points from run to run on the same build.
 *
 *   npx vite build && npm run bench:lighthouse
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startServer } from '../../src/server/server';
import { DEFAULT_LIMITS } from '../../src/server/http/limits';
import { chromiumOptions, chromiumPath } from '../e2e/browser';

const distArg = process.argv.indexOf('--dist');
const staticDir = resolve(distArg > 0 ? process.argv[distArg + 1] : 'dist');
const dataDir = mkdtempSync(join(tmpdir(), 'qph-lighthouse-'));
const pglite = await PGlite.create(join(dataDir, 'pglite'));
const server = await startServer({ port: 0, host: '127.0.0.1', pglite, dataDir, // one simulated person searching back to back: the rendering is measured, not the heavy-call budget
  limits: { ...DEFAULT_LIMITS, heavyRate: undefined }, staticDir });
const { rows: [pick] } = await pglite.query<{ oe_norm: string }>(`
  select oe_norm from stock where state = 'on' and quantity > 0 and price0 is not null group by oe_norm order by count(*) desc, oe_norm limit 1`);

const { rows: [word] } = await pglite.query<{ name: string }>(`
  select name from stock where state = 'on' group by name order by count(*) desc limit 1`);
const pagesArg = process.argv.indexOf('--pages');
const only = pagesArg > 0 ? (process.argv[pagesArg + 1] ?? '').split(',') : null;
const details = process.argv.includes('--details');
const formsArg = process.argv.indexOf('--forms');
const forms = formsArg > 0 ? (process.argv[formsArg + 1] ?? '').split(',') : null;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
type Audit = { page: string; path: string; form: 'mobile' | 'desktop' };
const audits: Audit[] = [
  { page: 'ofo', path: `/ofo/search?code=${pick.oe_norm}`, form: 'mobile' as const },
  ...(['mobile', 'desktop'] as const).flatMap((form): Audit[] => [
    { page: 'home', path: '/', form },
    { page: 'search', path: '/search', form },
    { page: 'keyword', path: `/search/parts/keyword?k=${encodeURIComponent(word.name)}&mode=fuzzy`, form },
  ]),
].filter((a) => (!only || only.includes(a.page)) && (!forms || forms.includes(a.form)));

const port = 9300 + Math.floor(Math.random() * 500);
process.env.CHROME_PATH = chromiumPath;
// a persistent profile: Lighthouse audits in the browser's default context, where the sign-in lives
const browser = await chromium.launchPersistentContext(join(dataDir, 'chromium'), {
  ...chromiumOptions,
  args: [...(chromiumOptions.args ?? []), `--remote-debugging-port=${port}`],
  viewport: { width: 412, height: 823 },
  locale: 'zh-CN',
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/ofo/cart`);
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await page.locator('input[name="username"]').fill('buyer');
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => u.pathname === '/ofo/cart'), page.locator('button[type="submit"]').click()]);
  await page.close();

  const results: { page: string; form: string; performance: number; tbtMs: number; [k: string]: unknown }[] = [];
  for (const a of Array.from({ length: runs }, () => audits).flat()) {
    const result = await lighthouse(`${server.url}${a.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      formFactor: a.form,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // keep the signed-in session: the default would clear the origin's storage first
      disableStorageReset: true,
    }, a.form === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse 没有返回结果');
    const { categories, audits: found } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(found[id]?.numericValue ?? NaN);
    const failing = (cat: string) =>
      (categories[cat]?.auditRefs ?? []).filter((r) => r.weight > 0 && (found[r.id]?.score ?? 1) < 1).map((r) => r.id);
    // what to fix: each failing audit with the elements or messages it names
    for (const id of [...failing('accessibility'), ...failing('best-practices')]) {
      const details = found[id]?.details as { items?: { node?: { snippet?: string }; description?: string; source?: string }[] } | undefined;
      const items = (details?.items ?? []).map((i) => i.node?.snippet ?? i.description ?? i.source ?? '').filter(Boolean).slice(0, 8);
      console.error(`${a.page} ${a.form} failing ${id}: ${items.join(' | ')}`);
    }
    if (details) {
      type Item = Record<string, unknown>;
      const items = (id: string) => ((found[id]?.details as { items?: Item[] } | undefined)?.items ?? []);
      const fmt = (x: unknown) => (typeof x === 'number' ? Math.round(x) : String(x).replace(/^https?:\/\/[^/]+/, ''));
      console.error(`${a.page} ${a.form} main thread: ${items('mainthread-work-breakdown').map((i) => `${fmt(i.groupLabel)} ${fmt(i.duration)}`).join(', ')}`);
      console.error(`${a.page} ${a.form} scripts: ${items('bootup-time').slice(0, 8).map((i) => `${fmt(i.url)} ${fmt(i.total)} (script ${fmt(i.scripting)}, parse ${fmt(i.scriptParseCompile)})`).join(', ')}`);
      console.error(`${a.page} ${a.form} long tasks: ${items('long-tasks').map((i) => `${fmt(i.url)}@${fmt(i.startTime)}:${fmt(i.duration)}`).join(', ')}`);
      // the largest paint's element and its parts (time to first byte, load delay, load, render delay)
      const lcp = (found['lcp-breakdown-insight']?.details as { items?: { items?: Item[]; snippet?: string }[] } | undefined)?.items ?? [];
      console.error(`${a.page} ${a.form} LCP: ${String(lcp.find((i) => i.snippet)?.snippet ?? '?').slice(0, 140)} — ${(lcp[0]?.items ?? []).map((i) => `${fmt(i.subpart)} ${fmt(i.duration)}`).join(', ')}`);
      console.error(`${a.page} ${a.form} layout shifts: ${items('layout-shifts').map((i) => `${fmt((i.node as { snippet?: string } | undefined)?.snippet ?? '?').toString().slice(0, 120)} ${Number(i.score).toFixed(3)}`).join(' | ')}`);
    }
    results.push({
      page: a.page, form: a.form, url: a.path,
      performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'),
      fcpMs: ms('first-contentful-paint'), lcpMs: ms('largest-contentful-paint'), tbtMs: ms('total-blocking-time'),
      cls: Number((found['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      // a run Lighthouse could not measure (its scores are 0 then): the reason it gives
      ...(result.lhr.runtimeError ? { error: result.lhr.runtimeError.code } : {}),
    });
  }
  const median = (values: number[]) => {
    const xs = values.filter(Number.isFinite).sort((x, y) => x - y);
    const m = Math.floor(xs.length / 2);
    return xs.length === 0 ? null : xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
  };
  const medians = runs > 1 ? audits.map((a) => {
    const mine = results.filter((r) => r.page === a.page && r.form === a.form && r.error === undefined);
    return { page: a.page, form: a.form, runs: mine.length, performance: median(mine.map((r) => r.performance)), tbtMs: median(mine.map((r) => r.tbtMs)) };
  }) : undefined;
  console.log(JSON.stringify({ signedIn: 'buyer', audits: results, ...(medians ? { medians } : {}) }));
} finally {
  await browser.close();
  await server.close();
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
