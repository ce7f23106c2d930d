/**
 * npm run bench:ui — what a user feels. Serves the built dist/ (build first; this
 * builds nothing, `-- --dist <dir>` serves another build) on a fresh PGlite with the demo seed
 * (20,000 stock rows), signs the buyer in on the desktop pages in Chromium at 1366×768, and prints
 * one JSON line:
 * - enter_to_row_p50_ms / _p95_ms: from the Enter key's event to the frame that paints the first
 *   result row of that search, over 50 searches on a warm app (after 6 warm-up searches), OE
 *   numbers and keywords taken from the data, alternating, keywords in both modes;
 * - cold_fcp_ms / cold_lcp_ms: a first visit of /search (empty HTTP cache, no service worker,
 *   signed in), the median of 3 loads.
 * No throttling: the machine's own CPU and the loopback network. `-- --profile <file>` writes a
 * Chromium CPU profile of the 50 measured searches (open it in DevTools' Performance panel).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../../src/server/server';
import { DEFAULT_LIMITS } from '../../src/server/http/limits';
import { chromiumOptions } from '../e2e/browser';

const distArg = process.argv.indexOf('--dist');
const staticDir = resolve(distArg > 0 ? process.argv[distArg + 1] : 'dist');
const profileArg = process.argv.indexOf('--profile');
const profileFile = profileArg > 0 ? process.argv[profileArg + 1] : undefined;
const SEARCHES = 50;
const WARMUP = 6;

const dataDir = mkdtempSync(join(tmpdir(), 'qph-bench-ui-'));
const pglite = await PGlite.create(join(dataDir, 'pglite'));
const server = await startServer({ port: 0, host: '127.0.0.1', pglite, dataDir, // one simulated person searching back to back: the rendering is measured, not the heavy-call budget
  limits: { ...DEFAULT_LIMITS, heavyRate: undefined }, staticDir });

// OE numbers with the most offers and the commonest names, brands and vehicles, as buyers type them
const oes = (await pglite.query<{ oe: string }>(`
  select min(supplier_oe) as oe from stock where state = 'on' group by oe_norm order by count(*) desc, oe_norm limit 40`)).rows.map((r) => r.oe);
const names = (await pglite.query<{ k: string }>(`
  select name as k from stock where state = 'on' group by name order by count(*) desc limit 20`)).rows.map((r) => r.k);
const combos = (await pglite.query<{ k: string }>(`
  select pb.name || ' ' || s.name as k from stock s join part_brand pb on pb.id = s.part_brand_id
  where s.state = 'on' group by 1 order by count(*) desc limit 20`)).rows.map((r) => r.k);
type Search = { kind: 'oe'; text: string } | { kind: 'keyword'; text: string; mode: 'exact' | 'fuzzy' };
// a name alone in either mode, a part brand with a name (several words: fuzzy)
const keywords: Search[] = names.flatMap((n, i): Search[] => [
  { kind: 'keyword', text: n, mode: i % 2 ? 'exact' : 'fuzzy' },
  ...(combos[i] ? [{ kind: 'keyword', text: combos[i], mode: 'fuzzy' } as const] : []),
]);
const plan: Search[] = Array.from({ length: SEARCHES + WARMUP }, (_, i) =>
  i % 2 === 0 ? { kind: 'oe', text: oes[(i / 2) % oes.length] } : keywords[((i - 1) / 2) % keywords.length]);

const browser = await chromium.launch(chromiumOptions);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]);
};

/**
 * Arms the page: the next Enter's event time, then a check every frame for the first result row
 * of `search` with no loading overlay over it; when it is there, the frame that paints it is
 * over once a task queued from that frame's animation callback runs.
 */
type Timing = { total: number; sent: number; answered: number };
const arm = (page: Page, s: Search) =>
  page.evaluate((s) => { (globalThis as unknown as { benchDone: Promise<Timing> }).benchDone = new Promise<Timing>((done, fail) => {
    let t0: number | undefined;
    addEventListener('keydown', (e: KeyboardEvent) => { if (e.key === 'Enter') t0 = e.timeStamp; }, { capture: true, once: true });
    // what the previous search painted is marked: only a section drawn anew counts
    document.querySelectorAll('section[aria-label]').forEach((sec) => sec.setAttribute('data-bench-old', ''));
    const rowShown = () => {
      if (s.kind === 'oe') return !!document.querySelector('section[aria-label^="OE "]:not([data-bench-old]) tbody tr td');
      const sec = document.querySelector('section[aria-label="关键词搜索结果"]:not([data-bench-old])');
      return !!sec && (sec.querySelector('[role="status"]')?.textContent ?? '').includes(`“${s.text}”（${s.mode === 'exact' ? '精确' : '模糊'}）`)
        && !sec.querySelector('.p-datatable-loading-overlay') && !!sec.querySelector('tbody tr td:not(.p-datatable-emptymessage td)');
    };
    const started = performance.now();
    const frame = () => {
      if (t0 !== undefined && rowShown()) {
        setTimeout(() => {
          // the search call of this Enter: when it was sent and when its answer had arrived
          const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/api/search/') && e.startTime >= t0!);
          done({ total: performance.now() - t0!, sent: calls.length ? Math.min(...calls.map((c) => c.startTime)) - t0! : NaN, answered: calls.length ? Math.max(...calls.map((c) => c.responseEnd)) - t0! : NaN });
        }, 0);
        return;
      }
      if (performance.now() - started > 30_000) { fail(new Error(`no result row for ${s.text}`)); return; }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }); }, s);

try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', serviceWorkers: 'block' });
  // tsx names the functions it compiles with a helper the page does not have
  await context.addInitScript('globalThis.__name = (f) => f');
  const page = await context.newPage();
  await page.goto(`${server.url}/search/parts`);
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await page.locator('input[name="username"]').fill('buyer');
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => u.pathname === '/search/parts'), page.locator('button[type="submit"]').click()]);

  const times: number[] = [];
  const parts: Timing[] = [];
  const cdp = profileFile ? await context.newCDPSession(page) : undefined;
  for (const [i, s] of plan.entries()) {
    if (cdp && i === WARMUP) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.getByRole('tab', { name: s.kind === 'oe' ? 'OE号搜索' : '关键词搜索' }).click();
    if (s.kind === 'oe') {
      const box = page.locator('textarea[name="oe"]:visible');
      await box.fill(s.text);
    } else {
      const panel = page.locator('.p-tabview-panel:visible');
      await panel.getByRole('radio', { name: s.mode === 'exact' ? '精确' : '模糊' }).or(panel.getByRole('button', { name: s.mode === 'exact' ? '精确' : '模糊' })).first().click();
      await page.locator('input[name="k"]:visible').fill(s.text);
    }
    // let the typing's own renders (suggestions) settle, as a person's pause before Enter would
    await page.waitForTimeout(150);
    await arm(page, s);
    await page.keyboard.press('Enter');
    const ms = await page.evaluate(() => (globalThis as unknown as { benchDone: Promise<Timing> }).benchDone).catch(async (e) => {
      await page.screenshot({ path: 'test-results/bench-ui-failed.png' });
      throw e;
    });
    if (i >= WARMUP) {
      times.push(ms.total);
      parts.push(ms);
    }
  }
  if (cdp && profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  await context.storageState({ path: join(dataDir, 'state.json') });
  await context.close();

  const cold: { fcp: number; lcp: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', storageState: join(dataDir, 'state.json'), serviceWorkers: 'block' });
    await c.addInitScript('globalThis.__name = (f) => f');
    const p = await c.newPage();
    await p.goto(`${server.url}/search`, { waitUntil: 'networkidle' });
    await p.locator('textarea[name="oe"]').waitFor();
    cold.push(await p.evaluate(() => new Promise<{ fcp: number; lcp: number }>((done) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        done({ fcp, lcp: last ? last.startTime : NaN });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })));
    await c.close();
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  console.log(JSON.stringify({
    dist: staticDir,
    searches: times.length,
    enter_to_row_p50_ms: pct(times, 50),
    enter_to_row_p95_ms: pct(times, 95),
    enter_to_row_max_ms: Math.round(Math.max(...times)),
    oe_p50_ms: pct(times.filter((_, i) => plan[i + WARMUP].kind === 'oe'), 50),
    keyword_p50_ms: pct(times.filter((_, i) => plan[i + WARMUP].kind === 'keyword'), 50),
    cold_fcp_ms: median(cold.map((c) => c.fcp)),
    cold_lcp_ms: median(cold.map((c) => c.lcp)),
  }));
} finally {
  await browser.close();
  await server.close();
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
