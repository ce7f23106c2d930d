/**
 * Lighthouse on the phone search page (issue 12): serves the built dist/ (build it first, this
 * builds nothing) on a fresh PGlite with the demo seed, signs the buyer in through the phone login,
 * then audits /ofo/search with an OE number that has offers, as a signed-in buyer sees it: mobile
 * form factor with Lighthouse's default simulated slow-4G and 4× CPU throttling. Prints one JSON
 * line: the performance, accessibility and best-practices scores (0–100) and FCP / LCP / TBT (ms)
 * and CLS.
 *
 *   npx vite build && npm run bench:lighthouse
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../../src/server/server';
import { chromiumOptions, chromiumPath } from '../e2e/browser';

const dataDir = mkdtempSync(join(tmpdir(), 'qph-lighthouse-'));
const pglite = await PGlite.create(join(dataDir, 'pglite'));
const server = await startServer({ port: 0, host: '127.0.0.1', pglite, dataDir, staticDir: resolve('dist') });
const { rows: [pick] } = await pglite.query<{ oe_norm: string }>(`
  select oe_norm from stock where state = 'on' and quantity > 0 and price0 is not null group by oe_norm order by count(*) desc, oe_norm limit 1`);

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

  const url = `${server.url}/ofo/search?code=${pick.oe_norm}`;
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // keep the signed-in session: the default would clear the origin's storage first
    disableStorageReset: true,
  });
  if (!result) throw new Error('Lighthouse 没有返回结果');
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  const failing = (cat: string) =>
    (categories[cat]?.auditRefs ?? []).filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => r.id);
  // what to fix: each failing audit with the elements or messages it names
  for (const id of [...failing('accessibility'), ...failing('best-practices')]) {
    const details = audits[id]?.details as { items?: { node?: { snippet?: string }; description?: string; source?: string }[] } | undefined;
    const items = (details?.items ?? []).map((i) => i.node?.snippet ?? i.description ?? i.source ?? '').filter(Boolean).slice(0, 8);
    console.error(`failing ${id}: ${items.join(' | ')}`);
  }
  console.log(JSON.stringify({
    url: `/ofo/search?code=${pick.oe_norm}`,
    signedIn: 'buyer',
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
  }));
} finally {
  await browser.close();
  await server.close();
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
