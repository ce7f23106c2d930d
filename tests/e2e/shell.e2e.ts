/**
 * Browser end-to-end: the built app (dist/) served by the real server on a free port, with a fresh
 * PGlite database, driven in Debian's Chromium. Screenshots land in test-results/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { installedApp, pathOf, shotsDir as shots, startE2E, type E2E, saveScreenshot } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
let server: { url: string };

beforeAll(async () => {
  e2e = await startE2E();
  server = { url: e2e.url };
});

afterAll(async () => e2e?.close());

const newPage = (): Promise<{ context: BrowserContext; page: Page }> => e2e.newPage();
const signIn = (page: Page, loginPath: string, username: string) => e2e.signIn(page, loginPath, username);

describe('sign-in and guards', () => {
  it('shows the login page with the hotline to a guest', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/login');
    // the first page of a fresh server may take a moment to render: wait for it, then check
    await page.locator('input[name="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    // the password box (wrapped for its mask toggle) is as wide as the user name box
    const width = (name: string) => page.locator(`input[name="${name}"]`).evaluate((el) => el.getBoundingClientRect().width);
    await expect.poll(async () => (await width('password')) - (await width('username'))).toBeCloseTo(0, 0);
    await saveScreenshot(page, { path: join(shots, 'login.png'), fullPage: true });
    await context.close();
  });

  const displayNames: Record<string, string> = { seller: '陈骏达', buyer: '王志强', clerk: '李晓琳', member: '赵顺捷', trial: '刘蓉威' };

  it.each(['seller', 'buyer', 'clerk', 'member', 'trial'])('%s signs in at /login, opens the storefront and is refused the operator platform', async (username) => {
    const { context, page } = await newPage();
    await signIn(page, '/login', username);
    // the harness starts the tests from /search, an alias of /search/parts
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await page.locator('.topbar').getByText(displayNames[username]).waitFor();
    if (username === 'seller') {
      await page.goto(server.url + '/');
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, { path: join(shots, 'storefront.png'), fullPage: true });
    }

    // a signed-in user opening a login page is sent on, where the role lands (landing.e2e.ts)
    await page.goto(server.url + '/login');
    const landing = username === 'seller' || username === 'clerk' ? '/backend' : '/search/parts';
    await page.waitForURL((u) => u.pathname === landing);

    // only the head company enters the operator platform: the page says so, in place
    await page.goto(server.url + '/operation');
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await page.getByText(forbiddenMsg.operatorOnly).waitFor();
    expect(pathOf(page)).toBe('/operation');
    await context.close();
  });

  it('seller opens the back office', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'seller');
    await page.goto(server.url + '/backend');
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/backend');
    await expect(page.getByText('正式会员').first()).toBeVisible();
    await saveScreenshot(page, { path: join(shots, 'backend.png'), fullPage: true });
    await context.close();
  });

  it('operator signs in at /operation/login and lands on the operator platform', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/operation/login', 'operator');
    expect(pathOf(page)).toBe('/operation');
    await saveScreenshot(page, { path: join(shots, 'operation.png'), fullPage: true });
    await context.close();
  });

  it('operator changes tabs, opens 修改密码 from the header as a quick tab and closes it', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/operation/login', 'operator');
    await page.locator('.op-header').getByRole('link', { name: '修改密码' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/password');
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: '修改密码' }).waitFor();
    await page.locator('input[name="old_password"]').waitFor();
    await saveScreenshot(page, { path: join(shots, 'operation-password.png') });
    await tabs.getByRole('button', { name: '关闭 修改密码' }).click();
    await page.waitForURL((u) => u.pathname === '/operation');
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await context.close();
  });

  it('a user at /im/login lands on the /im home (the conversation list) and searches an OE number from its 搜索 tab', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/im');
    await page.waitForURL((u) => u.pathname === '/im/login');
    await page.locator('input[name="username"]').fill('buyer');
    await page.locator('input[name="password"]').fill('demo123456');
    await Promise.all([page.waitForURL((u) => u.pathname === '/im'), page.locator('button[type="submit"]').click()]);
    await page.getByRole('region', { name: '会话列表' }).waitFor();
    await saveScreenshot(page, { path: join(shots, 'im-home.png'), fullPage: true });
    await page.getByRole('navigation', { name: '手机版导航' }).getByRole('link', { name: '搜索' }).click();
    await page.locator('textarea[name="oe"]').fill('04465-33450');
    await page.locator('textarea[name="oe"]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/ofo/search' && u.searchParams.get('code') === '0446533450');
    await context.close();
  });

  it('a guest opening /backend signs in and returns to /backend', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/backend');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/backend');
    await page.locator('input[name="username"]').fill('seller');
    await page.locator('input[name="password"]').fill('demo123456');
    await Promise.all([page.waitForURL((u) => u.pathname === '/backend'), page.locator('button[type="submit"]').click()]);
    expect(pathOf(page)).toBe('/backend');
    await context.close();
  });

  it('signing in elsewhere on the same device type asks the first tab to log in again', async () => {
    const first = await newPage();
    await signIn(first.page, '/login', 'buyer');
    await first.page.goto(server.url + '/backend');
    await first.page.waitForLoadState('networkidle');
    const second = await newPage();
    await signIn(second.page, '/login', 'buyer');
    await first.page.bringToFront();
    // pushed over /ws: the dialog appears without the first tab doing anything
    await first.page.getByText('重新登录?').waitFor({ timeout: 10_000 });
    await first.page.getByText('您的账号因长时间未操作或已在其他设备登录，已被登出').waitFor();
    await saveScreenshot(first.page, { path: join(shots, 'relogin.png') });
    await Promise.all([first.page.waitForURL((u) => u.pathname === '/login'), first.page.getByRole('button', { name: '确定' }).click()]);
    expect(new URL(first.page.url()).searchParams.get('redirect')).toBe('/backend');
    await first.context.close();
    await second.context.close();
  });

  it('a wrong password shows the server message and keeps what was typed', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/login');
    await page.locator('input[name="username"]').fill('buyer');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText('用户名或密码错误').first().waitFor();
    await expect(page.locator('input[name="username"]')).toHaveValue('buyer');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});

describe('the session across reloads (finding 3)', () => {
  const REFRESH_PATH = '/api/user/token/refresh';
  /** what page script can read: cookies and both storages */
  const readable = (page: Page) => page.evaluate(() => ({
    cookie: document.cookie, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }),
  }));
  const cartShown = (page: Page) => page.getByTestId('cart-group').or(page.getByText('购物车是空的')).first().waitFor();

  it('the refresh token is an HttpOnly cookie no script reads, the access token is in memory only, and a reload keeps the user signed in', async () => {
    const { context, page } = await newPage();
    // every access token the page sends (the answers' bodies are gone once sign-in moves on to the next page)
    const bearers = new Set<string>();
    page.on('request', (r) => {
      const auth = r.headers().authorization;
      if (auth?.startsWith('Bearer ')) bearers.add(auth.slice(7));
    });
    await signIn(page, '/login', 'buyer');
    expect(bearers.size).toBeGreaterThan(0);
    const jar = await context.cookies();
    expect(jar).toHaveLength(1);
    expect(jar[0]).toMatchObject({ name: 'qph_rt', httpOnly: true, sameSite: 'Strict', path: REFRESH_PATH });
    const before = await readable(page);
    expect(before.cookie).toBe('');
    for (const secret of [...bearers, jar[0].value]) expect(before.local + before.session).not.toContain(secret);

    // a reload: the page holds no token, obtains one by the cookie (rotating it), and a signed-in page works
    const refreshed = page.waitForResponse((r) => r.url().endsWith(REFRESH_PATH));
    await page.goto(server.url + '/cart');
    const renewal = await refreshed;
    expect(renewal.status()).toBe(200);
    expect(renewal.request().headers()['x-requested-with']).toBe('qipeihub');
    await cartShown(page);
    expect(pathOf(page)).toBe('/cart');
    await page.locator('.topbar').getByText('王志强').waitFor();
    await expect(page.getByText('重新登录?')).toHaveCount(0);
    const rotated = await context.cookies();
    expect(rotated).toHaveLength(1);
    expect(rotated[0].value).not.toBe(jar[0].value);
    const after = await readable(page);
    expect(after.cookie).toBe('');
    for (const secret of [...bearers, rotated[0].value]) expect(after.local + after.session).not.toContain(secret);
    await context.close();
  });

  it('a second tab takes the open tab\'s token instead of renewing it, and the first tab goes on working', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const second = await context.newPage();
    const renewals: string[] = [];
    second.on('request', (r) => {
      if (r.url().endsWith(REFRESH_PATH)) renewals.push(r.url());
    });
    await second.goto(server.url + '/cart');
    await cartShown(second);
    await second.waitForLoadState('networkidle');
    expect(renewals).toEqual([]);

    // the first tab's token was not ended by the second one: its next calls succeed
    const refused: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 401) refused.push(r.status());
    });
    await page.bringToFront();
    await page.getByRole('link', { name: /^购物车/ }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await cartShown(page);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await expect(page.getByText('重新登录?')).toHaveCount(0);
    await context.close();
  });

  it('退出登录 clears the refresh cookie, and a reload stays signed out', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    expect((await context.cookies()).map((c) => c.name)).toEqual(['qph_rt']);
    await page.locator('.topbar').getByRole('button', { name: /王志强/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await context.cookies()).toEqual([]);
    await page.goto(server.url + '/cart');
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });
});

describe('first load', () => {
  it('the login page loads no table code: DataTable comes with the pages that show tables', async () => {
    const { context, page } = await newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      // a chunk still arriving when the page closes has no body: not a failure of the test
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    await page.goto(server.url + '/login');
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter((b) => b.includes('p-datatable-wrapper'))).toHaveLength(0);
    await context.close();
  });
});

describe('offline', () => {
  it('after one visit the app opens with the network off', async () => {
    const { context, page } = await e2e.newPage(installedApp);
    await page.goto(server.url + '/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // the first load is not yet controlled by the worker; the second one is
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(server.url + '/login');
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await page.getByText('离线').first().waitFor();
    await saveScreenshot(page, { path: join(shots, 'offline-login.png'), fullPage: true });
    await context.close();
  });

  it('a page that loads its data first says offline, not 服务器错误, and home still opens', async () => {
    const { context, page } = await e2e.newPage(installedApp);
    await signIn(page, '/login', 'seller');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(server.url + '/trade/list');
    await page.getByRole('heading', { name: '当前离线，这个页面需要联网才能打开' }).waitFor();
    await expect(page.getByText('服务器错误')).toHaveCount(0);
    await saveScreenshot(page, { path: join(shots, 'offline-needs-network.png') });
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('.site-header').getByRole('link', { name: '商圈' }).waitFor();
    await context.close();
  });
});

describe('offline on each device', () => {
  /** In the page: the files of /lazy-assets.json that the worker's runtime cache does not hold yet. */
  const notCached = (page: Page) => page.evaluate(async () => {
    const { files } = (await (await fetch('/lazy-assets.json')).json()) as { files: string[] };
    const held = new Set((await (await caches.open('lazy-assets')).keys()).map((r) => new URL(r.url).pathname));
    return files.filter((f) => !held.has(f)).length;
  });

  it('signed in on a tablet, every page\'s files are fetched ahead: a back-office page never opened opens offline', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...installedApp });
    await signIn(page, '/login', 'seller');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    expect(await page.evaluate(async () => ((await (await fetch('/lazy-assets.json')).json()) as { files: string[] }).files.length)).toBeGreaterThan(50);
    await expect.poll(() => notCached(page), { timeout: 90_000, interval: 500 }).toBe(0);
    await context.setOffline(true);
    await page.goto(server.url + '/backend/organization/employee');
    await page.getByRole('heading', { name: '员工', exact: true }).waitFor();
    await expect(page.getByText('服务器错误')).toHaveCount(0);
    await context.close();
  });

  it('on a phone nothing is fetched ahead; a page whose files it never fetched says offline, not 服务器错误', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...installedApp });
    await page.goto(server.url + '/ofo/cart');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('input[name="username"]').fill('buyer');
    await page.locator('input[name="password"]').fill('demo123456');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/ofo/cart');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // the signed-in start (where a tablet asks for the warm-up) has run and fetched what it needs
    await page.waitForLoadState('networkidle');
    // the phone's first pages are precached, the rest (here the back office's wallet) are not
    expect(await notCached(page)).toBeGreaterThan(50);
    await context.setOffline(true);
    await page.goto(server.url + '/backend/accounting/wallet');
    await page.getByRole('heading', { name: '当前离线，这个页面需要联网才能打开' }).waitFor();
    await expect(page.getByText('服务器错误')).toHaveCount(0);
    await context.close();
  });
});

describe('security headers', () => {
  it('the app runs under its Content-Security-Policy with no violation: home, login, search, cart, chat and the back office', async () => {
    const { context, page } = await newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const first = await page.goto(`${server.url}/login`);
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first?.headers()['x-frame-options']).toBe('DENY');
    await signIn(page, '/login', 'buyer');
    for (const path of ['/', '/search/parts/keyword?k=刹车片', '/cart', '/im', '/backend/order/purchase']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // chat's live socket (/ws) connects under connect-src 'self'
    await expect.poll(() => page.evaluate(() => document.body.innerText.includes('当前离线'))).toBe(false);
    expect(violations).toEqual([]);
    await context.close();
  });
});
