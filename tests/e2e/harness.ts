/**
 * One browser end-to-end setup for every *.e2e.ts file: the built app served by the real server
 * on a free port with a database of its own (a copy of the PGlite folder global-setup.ts seeded
 * once), driven in the Chromium global-setup.ts started for the whole run (each file connects to
 * it and works in contexts of its own). The built app comes from E2E_DIST (default dist/), so
 * several builds can be tested side by side.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject, onTestFailed } from 'vitest';
import { startServer } from '../../src/server/server';
import { PAGE_HEADER } from '../../src/server/http/session-cookie';
import type { SmsProvider } from '../../src/server/modules/sms/sms.provider';
import type { TranslatorConfig } from '../../src/server/modules/im/translator';
import { launchChromium } from './browser';
import { scratchPrefix, scratchRoot } from './scratch';

/**
 * Waits until the page's finite animations and transitions (dialogs opening, the 0.3 s page entry)
 * have ended, so a screenshot shows the page at rest.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  });

export const shotsDir = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Screenshots are for people to look at and check nothing, so `npm test` (scripts/test.ts) skips
 * them with E2E_SHOTS=0: each full-page picture is a capture and a PNG encoding in Chromium
 * (docs/testing.md, "Browser tests"). A browser file run on its own takes them.
 */
export const shotsWanted = process.env.E2E_SHOTS !== '0';
/** page.screenshot when screenshots are wanted (shotsWanted), otherwise nothing. */
export const saveScreenshot = async (page: Page, options: Parameters<Page['screenshot']>[0]) => {
  if (shotsWanted) await page.screenshot(options);
};

/** The operator platform's side menu. */
export const operatorMenu = (page: Page) => page.getByRole('navigation', { name: '运营菜单' });

/** The page never scrolls sideways (at 1024 px the operator pages must fit). */
export const noSideScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

/**
 * When the test that opened this page fails, its message also says where the page was (a wait for
 * an address that timed out says nothing of the address reached), with a screenshot of it in
 * test-results/failures/ when the page is still open. Outside a test (beforeAll), nothing.
 */
const tellWhereOnFailure = (page: Page) => {
  const opened = Date.now();
  try {
    onTestFailed(async ({ task }) => {
      const error = task.result?.errors?.[0];
      if (!error) return;
      let shot = '';
      let showing = '';
      if (!page.isClosed()) {
        const path = join('test-results', 'failures', `${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}-${opened}.png`);
        shot = await page.screenshot({ path, timeout: 5_000 }).then(() => `, screenshot ${path}`, () => '');
        // what the page said, for a run whose screenshots are gone (a CI log is all there is)
        const text = await Promise.race([
          page.evaluate(() => document.body?.innerText ?? '').catch(() => ''),
          new Promise<string>((resolve) => setTimeout(() => resolve(''), 3_000)),
        ]);
        const flat = text.replace(/\s+/g, ' ').trim();
        showing = flat ? `, showing: ${flat.length > 400 ? `${flat.slice(0, 400)}…` : flat}` : '';
      }
      const where = `(a page of this test was at ${page.url()}${page.isClosed() ? ', closed' : ''}${shot}${showing})`;
      error.message = `${error.message}\n${where}`;
      if (error.stack) error.stack = error.stack.replace(/\n(\s+at )/, `\n${where}\n$1`);
    });
  } catch {
    // not in a test
  }
};

/**
 * What every test's browser context starts from. The service worker is blocked unless a test asks
 * for it with `installedApp`: installing it in each new context and, after a desktop sign-in,
 * fetching every page's files ahead (the warm-up) cost about a fifth of the suite's CPU in contexts
 * that never go offline. The tests of the installed app (offline reloads, the warm-up, the phone's
 * offline pages) allow it. docs/testing.md, "Browser tests".
 */
export const contextDefaults = {
  locale: 'zh-CN', serviceWorkers: 'block',
  // the app honours the system's reduced motion (app.css): nothing moves, so nothing is drawn
  // frame by frame and a page is at rest as soon as it is laid out
  reducedMotion: 'reduce',
} as const satisfies BrowserContextOptions;
/** The installed app: the service worker registers, precaches and controls the page. */
export const installedApp = { serviceWorkers: 'allow' } as const satisfies BrowserContextOptions;

export interface E2E {
  url: string;
  browser: Browser;
  /** the same embedded database the server uses, to read what a test needs to know */
  pglite: PGlite;
  /** a page of its own, 1366×900 unless `options` say otherwise (a tablet's or a phone's viewport, touch) */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, loginPath: string, username: string): Promise<void>;
  /**
   * A page of its own at 1024×768 (the operators' tablets), signed in at /operation/login.
   * confirmDialogs: every window.confirm the test's clicks raise is accepted.
   */
  operatorPage(username?: string, opts?: { confirmDialogs?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** opens the OE search of a number afresh (a new address, so no cached answer) */
  searchOe(page: Page, code: string): Promise<unknown>;
  /** a screenshot of the whole page, or of the view only (a page thousands of pixels tall) */
  shot(page: Page, name: string, opts?: { view?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** The four sizes a page is checked at (docs/testing.md): desktop, the two tablet orientations (touch), the phone. */
export const DEVICE_SIZES = [
  { name: '1366', viewport: { width: 1366, height: 768 } },
  { name: '1024', viewport: { width: 1024, height: 768 }, hasTouch: true },
  { name: '768', viewport: { width: 768, height: 1024 }, hasTouch: true },
  { name: '390', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
] as const;

/** A call of the API as a signed-in user, for a test's preparation; a refusal throws with its message. */
export const apiCall = async <T = unknown>(url: string, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
  const r = await fetch(`${url}/api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
};
/** A demo user's access token (password demo123456). */
export const apiToken = async (url: string, username: string) =>
  (await (await fetch(`${url}/api/user/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo123456' }) })).json() as { data: { access_token: string } }).data.access_token;

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Screenshots of a page at 1366, 1024 and 390 (`<name>-<width>`), each checked not to scroll sideways
 * from `fitFrom` px up; the operator's menu, which lies over the page on a phone, is folded for the
 * picture and opened again. Ends at the size `back`.
 */
export const shotsAtSizes = async (e2e: Pick<E2E, 'shot'>, page: Page, name: string, back: readonly [number, number], opts: { fitFrom?: number } = {}) => {
  for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    if (width >= (opts.fitFrom ?? 0)) await noSideScroll(page);
    const fold = shotsWanted && width < 1024 && (await page.locator('nav.op-side.open').count()) > 0;
    if (fold) await page.getByRole('button', { name: '折叠菜单' }).click();
    await e2e.shot(page, `${name}-${width}`);
    if (fold) await page.getByRole('button', { name: '折叠菜单' }).click();
  }
  await page.setViewportSize({ width: back[0], height: back[1] });
};

/** `sms`: receive the SMS codes the app sends (accounts), instead of the server log; `translate`: a translation service (a local fake). */
export const startE2E = async (opts: { sms?: SmsProvider; translate?: TranslatorConfig } = {}): Promise<E2E> => {
  mkdirSync(shotsDir, { recursive: true });
  // run by vitest, global-setup.ts provides a seeded folder and a browser; otherwise seed and launch here
  const seeded = inject('seededPgliteDir');
  // the copy beside the seeded folder, in shared memory when global-setup found room there
  // (scratch.ts): a 290 MB copy on disk cost seconds a file
  const dataDir = mkdtempSync(join(seeded ? dirname(dirname(seeded)) : scratchRoot(), scratchPrefix('file')));
  if (seeded) cpSync(seeded, join(dataDir, 'pglite'), { recursive: true });
  const pglite = await PGlite.create(join(dataDir, 'pglite'));
  const server = await startServer({ port: 0, host: '127.0.0.1', pglite, dataDir, staticDir: resolve(process.env.E2E_DIST ?? 'dist'), sms: opts.sms, translate: opts.translate });
  const wsEndpoint = inject('chromiumWsEndpoint');
  const browser = wsEndpoint ? await chromium.connect(wsEndpoint) : await launchChromium();
  const e2e: E2E = {
    url: server.url,
    browser,
    pglite,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...contextDefaults, ...options });
      const page = await context.newPage();
      tellWhereOnFailure(page);
      return { context, page };
    },
    async signIn(page, loginPath, username) {
      // wider than a phone, every role's test starts from the search page: sent there by the
      // sign-in itself (its redirect) instead of by a second navigation after its landing page
      const toSearch = loginPath === '/login' && (page.viewportSize()?.width ?? 1366) >= 576;
      const start = toSearch ? '/search/parts' : loginPath === '/operation/login' ? '/operation' : undefined;
      if (start && page.url() === 'about:blank') {
        // a page that has not opened yet: the sign-in call the form makes (userAuth, which sets
        // the refresh cookie in this context), then one page load where the form's sign-in loads
        // the login page and then, after the call, the page it opens. The form itself is tested
        // in account.e2e.ts and landing.e2e.ts, and by every sign-in of a page already open here.
        const headers = { [PAGE_HEADER.name]: PAGE_HEADER.value, Device: 'pc' };
        const call = async (path: string, data: unknown, token?: string) => {
          const answer = await page.context().request.post(`${server.url}/api${path}`, { data, headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers });
          const body = (await answer.json()) as { code: number; data: unknown };
          if (body.code !== 200) throw new Error(`sign-in of ${username}: ${path} answered ${JSON.stringify(body)}`);
          return body.data;
        };
        const { access_token } = (await call('/user/auth', { username, password: 'demo123456' })) as { access_token: string };
        const user = await call('/user/profile', {}, access_token);
        // the user's snapshot, which tells the app it is signed in (session-store.ts), written as
        // the form's sign-in writes it, from a light file of the site
        await page.goto(`${server.url}/favicon.svg`);
        await page.evaluate((snapshot) => localStorage.setItem('qph_user', snapshot), JSON.stringify(user));
        await page.goto(server.url + start);
        await page.waitForURL((u) => (toSearch ? u.pathname === '/search/parts' : !u.pathname.endsWith('/login')));
        await page.waitForLoadState('networkidle');
        return;
      }
      await page.goto(server.url + loginPath + (toSearch ? '?redirect=%2Fsearch%2Fparts' : ''));
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill('demo123456');
      await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
      if (toSearch) await page.waitForURL((u) => u.pathname === '/search/parts');
      else if (loginPath === '/login') {
        // each role lands where it works (landing.e2e.ts checks where); on a phone the tests start
        // from the search page (/search goes on to /search/parts), except on a phone's own pages
        await page.waitForURL((u) => u.pathname !== '/search');
        await page.waitForLoadState('networkidle');
        const landed = pathOf(page);
        if (landed !== '/search/parts' && !landed.startsWith('/ofo') && !landed.startsWith('/im')) {
          await page.goto(server.url + '/search');
          await page.waitForURL((u) => u.pathname === '/search/parts');
        }
      }
      await page.waitForLoadState('networkidle');
    },
    async operatorPage(username = 'operator', opts = {}) {
      const p = await e2e.newPage();
      await p.page.setViewportSize({ width: 1024, height: 768 });
      await e2e.signIn(p.page, '/operation/login', username);
      if (opts.confirmDialogs) p.page.on('dialog', (d) => void d.accept());
      return p;
    },
    searchOe: (page, code) => page.goto(`${server.url}/search/parts/oe?code=${encodeURIComponent(code)}&r=${Date.now()}`),
    async shot(page, name, opts = {}) {
      if (!shotsWanted) return;
      await animationsDone(page);
      await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: !opts.view });
    },
    async close() {
      // on the shared browser this only disconnects, closing this file's contexts
      await browser.close();
      await server.close();
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
};

/** The page is no wider than its window (waits for a layout that is still settling). */
export const docFits = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/**
 * Brought into the window by scrolling the page down only, then wholly inside the window and
 * clickable there: nothing (page or table) was scrolled sideways to reach it.
 */
export const reachable = async (page: Page, target: Locator) => {
  await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  // measured and hit-tested in one go (a page still settling moves it between two separate reads);
  // clickable where it is: the topmost element at its centre is it or inside it (a trial click
  // would scroll again, sideways too, when something passing lies over it for a moment)
  await expect.poll(() => target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    if (r.left < 0 || r.top < 0 || r.right > clientWidth || r.bottom > clientHeight) return `outside the window: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    // a link wrapped over two lines is clicked on its first line (the centre of the whole may be
    // beside the second line's end)
    const line = el.getClientRects()[0] ?? r;
    const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
    // what lies over it instead, for the failure's message
    return hit && (hit === el || el.contains(hit)) ? 'itself' : `under ${hit?.outerHTML.slice(0, 160)}`;
  })).toBe('itself');
  const sideways = await page.evaluate(() => window.scrollX + [...document.querySelectorAll('.list-scroll, .p-datatable-wrapper')].reduce((s, el) => s + el.scrollLeft, 0));
  expect(sideways).toBe(0);
};
