/**
 * Browser end-to-end: the built app (dist/) served by the real server on a free port, with a fresh
 * PGlite database, driven in Debian's Chromium. Screenshots land in test-results/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { PGlite } from '@electric-sql/pglite';
import { pathOf, shotsDir as shots, startE2E, type E2E } from './harness';

let e2e: E2E;
let server: { url: string };
let pglite: PGlite;

beforeAll(async () => {
  e2e = await startE2E();
  server = { url: e2e.url };
  pglite = e2e.pglite;
});

afterAll(async () => e2e?.close());

const newPage = (): Promise<{ context: BrowserContext; page: Page }> => e2e.newPage();
const signIn = (page: Page, loginPath: string, username: string) => e2e.signIn(page, loginPath, username);

describe('sign-in and guards', () => {
  it('shows the login page with the hotline to a guest', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/login');
    await expect(page.locator('input[name="username"]').isVisible()).resolves.toBe(true);
    await page.waitForLoadState('networkidle');
    // the password box (wrapped for its mask toggle) is as wide as the user name box
    const width = (name: string) => page.locator(`input[name="${name}"]`).evaluate((el) => el.getBoundingClientRect().width);
    expect(await width('password')).toBeCloseTo(await width('username'), 0);
    await page.screenshot({ path: join(shots, 'login.png'), fullPage: true });
    await context.close();
  });

  const displayNames: Record<string, string> = { seller: '陈骏达', buyer: '王志强', clerk: '李晓琳', member: '赵顺捷', trial: '刘蓉威' };

  it.each(['seller', 'buyer', 'clerk', 'member', 'trial'])('%s signs in at /login and lands on the storefront', async (username) => {
    const { context, page } = await newPage();
    await signIn(page, '/login', username);
    // the guard sends a signed-in user from /login to /search, an alias of /search/parts
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await page.locator('.topbar').getByText(displayNames[username]).waitFor();
    if (username === 'seller') {
      await page.goto(server.url + '/');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(shots, 'storefront.png'), fullPage: true });
    }

    // a signed-in user opening a login page is sent on
    await page.goto(server.url + '/login');
    await page.waitForURL((u) => u.pathname === '/search/parts');

    // only the head company enters the operator platform
    await page.goto(server.url + '/operation');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('seller opens the back office', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'seller');
    await page.goto(server.url + '/backend');
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/backend');
    await expect(page.getByText('正式会员').first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, 'backend.png'), fullPage: true });
    await context.close();
  });

  it('operator signs in at /operation/login and lands on the operator platform', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/operation/login', 'operator');
    expect(pathOf(page)).toBe('/operation');
    await page.screenshot({ path: join(shots, 'operation.png'), fullPage: true });
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
    await page.screenshot({ path: join(shots, 'operation-password.png') });
    await tabs.getByRole('button', { name: '关闭 修改密码' }).click();
    await page.waitForURL((u) => u.pathname === '/operation');
    await expect(tabs.getByRole('tab').count()).resolves.toBe(1);
    await context.close();
  });

  it('a user at /im/login lands on the /im home and searches an OE number from there', async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + '/im');
    await page.waitForURL((u) => u.pathname === '/im/login');
    await page.locator('input[name="username"]').fill('buyer');
    await page.locator('input[name="password"]').fill('demo123456');
    await Promise.all([page.waitForURL((u) => u.pathname === '/im'), page.locator('button[type="submit"]').click()]);
    await page.getByText('王志强').first().waitFor();
    await page.screenshot({ path: join(shots, 'im-home.png'), fullPage: true });
    await page.locator('textarea[name="oe"]').fill('04465-33450');
    await page.locator('textarea[name="oe"]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/oe' && u.searchParams.get('code') === '0446533450');
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
    await first.page.screenshot({ path: join(shots, 'relogin.png') });
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
    await expect(page.locator('input[name="username"]').inputValue()).resolves.toBe('buyer');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});

describe('first load', () => {
  it('the login page loads no table code: DataTable comes with the pages that show tables', async () => {
    const { context, page } = await newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text());
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
    const { context, page } = await newPage();
    await page.goto(server.url + '/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // the first load is not yet controlled by the worker; the second one is
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(server.url + '/login');
    await expect(page.locator('input[name="username"]').isVisible()).resolves.toBe(true);
    await page.getByText('离线').first().waitFor();
    await page.screenshot({ path: join(shots, 'offline-login.png'), fullPage: true });
    await context.close();
  });

  it('a page that loads its data first says offline, not 服务器错误, and home still opens', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'seller');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(server.url + '/trade/list');
    await page.getByRole('heading', { name: '当前离线，这个页面需要联网才能打开' }).waitFor();
    await expect(page.getByText('服务器错误').count()).resolves.toBe(0);
    await page.screenshot({ path: join(shots, 'offline-needs-network.png') });
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('.site-header').getByRole('link', { name: '商圈' }).waitFor();
    await context.close();
  });
});

describe('OE search', () => {
  const codes = async () =>
    (await pglite.query<{ oe_number: string }>(`select p.oe_number from product p where (select count(*) from stock s where s.oe_norm = p.oe_norm) >= 3 order by p.id limit 2`)).rows.map((r) => r.oe_number);

  it('searches two codes and a duplicate, shows the groups, and keeps the history after a reload', async () => {
    const [a, b] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    // Ctrl+Enter adds a line, Enter searches
    await box.fill(a);
    await box.press('Control+Enter');
    await box.pressSequentially(b.toLowerCase());
    await box.press('Control+Enter');
    await box.pressSequentially(a.replace(/-/g, ''));
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    const norm = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    expect(new URL(page.url()).searchParams.get('code')).toBe(`${norm(a)},${norm(b)}`);
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await page.getByRole('region', { name: `OE ${b}` }).waitFor();
    await expect(page.getByRole('region', { name: `OE ${a}` }).locator('tbody tr').count()).resolves.toBeGreaterThanOrEqual(3);
    await expect(page.getByText('批发价(不含税)').first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, 'oe-results.png'), fullPage: false });

    await page.goto(server.url + '/search/parts');
    await page.reload();
    const history = page.getByRole('list', { name: '搜索记录' });
    await history.getByText(norm(a)).waitFor();
    await history.getByText(norm(b)).waitFor();
    await context.close();
  });

  it('refuses a short line with the glossary text and keeps what was typed', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    await box.fill('04465-33450\n123');
    await box.press('Enter');
    await page.getByText('每行OE号至少5个字符').waitFor();
    await expect(box.inputValue()).resolves.toBe('04465-33450\n123');
    expect(pathOf(page)).toBe('/search/parts');
    await context.close();
  });

  it('suggests OE numbers for one code of 5 characters and searches the one picked', async () => {
    const [a] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.locator('textarea[name="oe"]').fill(a.slice(0, 6));
    const option = page.getByRole('listbox', { name: 'OE号联想' }).getByText(a);
    await option.waitFor();
    await page.screenshot({ path: join(shots, 'oe-suggest.png') });
    await option.click();
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await context.close();
  });

  it('blurs contacts for a registered member and names the upgrade', async () => {
    const [a] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'member');
    await page.goto(`${server.url}/search/parts/oe?code=${encodeURIComponent(a)}`);
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await expect(page.getByText('升级为正式会员后可查看').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText('批发价(不含税)').count()).resolves.toBe(0);
    await page.screenshot({ path: join(shots, 'oe-member.png'), fullPage: false });
    await context.close();
  });

  it('without a code the OE page goes back to /search', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/oe`);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await context.close();
  });
});

describe('keyword search', () => {
  it('a Chinese fuzzy search, then the next page and a bigger page size', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.getByRole('tab', { name: '关键词搜索' }).click();
    const box = page.locator('input[name="k"]');
    await box.press('Enter');
    await page.getByText('请输入搜索内容').waitFor();
    await page.getByRole('radio', { name: '模糊' }).or(page.getByText('模糊', { exact: true })).first().click();
    await box.fill('刹片');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/keyword');
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await results.locator('tbody tr').first().waitFor();
    await expect(results.locator('tbody tr').count()).resolves.toBe(50);
    for (const name of await results.locator('tbody tr td:nth-child(5)').allInnerTexts()) expect(name).toMatch(/刹.*片/);
    await page.screenshot({ path: join(shots, 'keyword-results.png') });
    const firstRow = await results.locator('tbody tr').first().innerText();
    // the pager speaks Chinese to screen readers too
    await expect(results.getByRole('button', { name: '下一页' }).count()).resolves.toBe(1);
    await expect(results.getByRole('button', { name: 'Next Page' }).count()).resolves.toBe(0);
    await results.getByRole('button', { name: '2' }).first().click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect.poll(() => results.locator('tbody tr').first().innerText()).not.toBe(firstRow);
    await context.close();
  });

  it('the circle tab shows to an approved circle member only, and searches within the circle', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.getByRole('tab', { name: '圈内搜索' }).click();
    const box = page.locator('input[name="circle-k"]');
    await box.fill('滤清器');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/circle');
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await results.locator('tbody tr').first().waitFor();
    await page.getByText('圈内 “滤清器”').waitFor();
    await context.close();

    const other = await newPage();
    await signIn(other.page, '/login', 'member');
    await other.page.getByRole('tab', { name: '关键词搜索' }).waitFor();
    await expect(other.page.getByRole('tab', { name: '圈内搜索' }).count()).resolves.toBe(0);
    await other.context.close();
  });

  it('dismantled parts and yellow pages', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.getByRole('tab', { name: '拆车件' }).click();
    const box = page.locator('input[name="dismantle-k"]');
    await box.fill('滤清器');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/dismantle/result');
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await results.locator('tbody tr').first().waitFor();
    for (const quality of await results.locator('tbody tr td:nth-child(4)').allInnerTexts()) expect(quality).toBe('拆车件');

    await page.getByRole('tab', { name: '企业黄页' }).click();
    const company = page.locator('input[name="company-k"]');
    await company.fill('广州');
    await company.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/company');
    await page.getByRole('region', { name: '企业黄页结果' }).getByText('广州骏达汽车配件有限公司').waitFor();
    await page.screenshot({ path: join(shots, 'yellow-pages.png') });
    await context.close();
  });

  it('without k the keyword page goes back to /search', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/keyword?mode=exact`);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await context.close();
  });
});
