/**
 * Storefront chrome in the browser: home page for a guest and a member, top bar variants, the
 * currency switch on a real search result, the static pages and the side toolbar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/shared/domain/currency';
import { msg } from '../../src/shared/messages';
import { shotsDir, startE2E, type E2E, saveScreenshot } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const param = async (key: string) => (await e2e.pglite.query<{ value: string }>(`select value from system_param where key = $1`, [key])).rows[0].value;
const topbar = (page: Page) => page.locator('.topbar');

describe('home page', () => {
  it('a guest sees the carousel, the ads, the announcement, quick entries, title and meta from the parameters', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/');
    await page.waitForLoadState('networkidle');
    // ten banners LB001..LB010 in the carousel, one shown at a time
    await expect(page.locator('.p-galleria-indicator')).toHaveCount(10);
    await page.getByAltText('广告 LB001').waitFor();
    for (const code of ['GG000', 'GG005', 'GG009']) await page.getByAltText(`广告 ${code}`).waitFor();
    await page.getByRole('note').getByText(await param('system_announcement')).waitFor();
    const entries = page.getByRole('region', { name: '快速查件' }).locator('a.quick-entry');
    await expect(entries).toHaveTexts([
      expect.stringContaining('OE号搜索'), expect.stringContaining('关键词搜索'), expect.stringContaining('拆车件'), expect.stringContaining('企业黄页'),
      expect.stringContaining('VIN查询'), expect.stringContaining('车型查询'), expect.stringContaining('图解查询'),
    ]);
    await expect.poll(() => page.title()).toBe(await param('system_title'));
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', await param('system_keywords'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', await param('system_desc'));
    // guest top bar: favourite hint, hotline, sign-in; no back office, no user menu
    await topbar(page).getByRole('button', { name: /收藏本站/ }).click();
    await page.getByText(msg.favouriteHint('Ctrl+D')).waitFor();
    await topbar(page).getByText(`客服热线 ${await param('system_phone')}`).waitFor();
    await expect(topbar(page).getByRole('link', { name: '登录' })).toBeVisible();
    await expect(topbar(page).getByRole('link', { name: '免费注册' })).toHaveAttribute('href', '/login/register');
    await expect(topbar(page).getByRole('link', { name: '运营平台' })).toHaveCount(0);
    // footer: promises, links, the QR code of this site
    for (const t of ['正品保障', '极速发货', '在线询价', '售后无忧']) await page.locator('.site-footer').getByText(t).waitFor();
    await expect(page.locator('.footer-qr svg')).toHaveAttribute('data-qr-text', e2e.url + '/');
    await e2e.shot(page, 'home-guest');

    // a quick entry leads through sign-in to its search page
    await entries.filter({ hasText: '企业黄页' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/search/company');
    await context.close();
  });

  it('a signed-in buyer gets the search boxes of every mode and the user menu', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(e2e.url + '/');
    await page.waitForLoadState('networkidle');
    const quick = page.getByRole('region', { name: '快速查件' });
    for (const tab of ['OE号搜索', '关键词搜索', '圈内搜索', '拆车件', '企业黄页', 'VIN查询', '车型查询', '图解查询']) await quick.getByRole('tab', { name: tab }).waitFor();
    await expect.poll(() => page.title()).toBe(await param('system_title'));
    await expect(topbar(page).getByRole('link', { name: '运营平台' })).toHaveCount(0);
    await e2e.shot(page, 'home-signed-in');

    // the keyword tab searches from the home page
    await quick.getByRole('tab', { name: '关键词搜索' }).click();
    await quick.getByRole('textbox', { name: '关键词' }).fill('刹车片');
    await quick.getByRole('textbox', { name: '关键词' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/keyword' && u.searchParams.get('k') === '刹车片');

    // the user menu: the buyer's 常购清单, follows, points, profile, change password, sign out
    const userMenu = topbar(page).getByRole('button', { name: /王志强/ });
    await userMenu.click();
    await expect(page.getByRole('menuitem')).toHaveTexts(['常购清单', '我的关注', '我的积分', '个人资料', '修改密码', '退出登录']);
    await page.getByRole('menuitem', { name: '个人资料' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/settings/profile');
    await page.goto(e2e.url + '/');
    await topbar(page).getByRole('button', { name: /王志强/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('only the head company sees the back-office link in the top bar', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/operation/login', 'operator');
    await page.goto(e2e.url + '/');
    await topbar(page).getByRole('link', { name: '运营平台' }).click();
    await page.waitForURL((u) => u.pathname === '/operation');
    await context.close();

    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(e2e.url + '/');
    await topbar(seller.page).getByText('陈骏达').waitFor();
    await expect(topbar(seller.page).getByRole('link', { name: '运营平台' })).toHaveCount(0);
    await seller.context.close();

    // one's own profile and password belong to every signed-in user, a registered member too
    const member = await e2e.newPage();
    await e2e.signIn(member.page, '/login', 'member');
    await member.page.goto(e2e.url + '/');
    await topbar(member.page).getByRole('button', { name: /赵顺捷/ }).click();
    // no cart codes (C07, C15): no 常购清单
    await expect(member.page.getByRole('menuitem')).toHaveTexts(['我的关注', '个人资料', '修改密码', '退出登录']);
    await member.page.getByRole('menuitem', { name: '个人资料' }).click();
    await member.page.waitForURL((u) => u.pathname === '/backend/settings/profile');
    await member.context.close();
  });
});

describe('currency switch', () => {
  it('shows a search result in dong at the listed rate, keeps the choice, and goes back to yuan', async () => {
    const rate = Number((await e2e.pglite.query<{ r: string }>(`select rate_value::text as r from exchange_rate where to_curr_code = 'VND'`)).rows[0].r);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('刹车片')}&mode=fuzzy`);
    const first = page.locator('tbody .price').first();
    await expect(first).toHaveText(/^¥[\d,]+\.\d{2}$/);
    const yuan = await first.innerText();
    const fen = Math.round(Number(yuan.replace(/[¥,]/g, '')) * 100);

    await topbar(page).getByRole('button', { name: '越南盾' }).click();
    await expect.poll(() => first.innerText()).toBe(formatMoney(fen, 'VND', rate));
    await expect(first).toHaveAttribute('data-currency', 'VND');
    await saveScreenshot(page, { path: join(shotsDir, 'search-vnd.png') });

    await page.reload();
    await page.locator('tbody .price').first().waitFor();
    await expect(page.locator('tbody .price').first()).toHaveText(formatMoney(fen, 'VND', rate));
    await expect(topbar(page).getByRole('button', { name: '越南盾' })).toHaveAttribute('aria-pressed', 'true');

    // when the rate cannot be fetched (offline, server down) the stored one still converts
    await context.route('**/api/system/exchange-rates**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.locator('tbody .price').first().waitFor();
    await expect(page.locator('tbody .price').first()).toHaveText(formatMoney(fen, 'VND', rate));
    await context.unroute('**/api/system/exchange-rates**');

    await topbar(page).getByRole('button', { name: '人民币' }).click();
    await expect.poll(() => page.locator('tbody .price').first().innerText()).toBe(yuan);
    await context.close();
  });
});

describe('static pages and toolbar', () => {
  it.each([
    ['/protocol', '用户协议', '服务内容'],
    ['/datenschutz', '隐私政策', '我们收集的信息'],
    ['/shareInfo', '第三方信息共享清单', '共享清单'],
  ])('%s shows %s under the storefront layout', async (path, title, section) => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { level: 2, name: new RegExp(section) }).waitFor();
    await page.locator('.topbar').waitFor();
    await page.locator('.site-footer').getByRole('link', { name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.title()).toContain(title);
    await e2e.shot(page, `static${path.replace('/', '-')}`);
    await context.close();
  });

  it('online consult without service staff or a consult page says it is not configured, and the client button offers installation', async () => {
    // the seed puts the operator on duty (im_service_user): nobody is on duty here
    await e2e.pglite.query(`update system_param set value = '{"cn":[]}' where key = 'im_service_user'`);
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/');
    const toolbar = page.getByLabel('工具栏');
    await toolbar.getByRole('button', { name: '在线咨询' }).click();
    await page.getByText('未配置在线咨询服务').waitFor();
    // a browser tab is not the installed app
    const client = toolbar.getByRole('button', { name: '客户端' });
    await expect(client).not.toHaveAttribute('data-install', 'standalone');
    // headless Chromium offers no install prompt, so the button says where the browser's entry is
    await client.click();
    await page.getByText(msg.clientInstallHint).waitFor();
    // the mobile app: a QR code of this site to open on a phone and add to its home screen
    await toolbar.getByRole('button', { name: '手机版' }).click();
    const qr = page.locator('.mobile-app-panel svg[role=img]');
    await expect(qr).toHaveAttribute('data-qr-text', e2e.url + '/');
    await page.getByText(msg.mobileAppHint).waitFor();
    // no mini-program code is set up: no 小程序 entry
    await expect(toolbar.getByRole('button', { name: '小程序' })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await toolbar.getByRole('button', { name: '返回顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('shows the mini-program code the operators set up', async () => {
    await e2e.pglite.query(`update system_param set value = '/icons/icon-192.png' where key = 'wx_miniprogram_qr'`);
    try {
      const { context, page } = await e2e.newPage();
      await page.goto(e2e.url + '/');
      await page.getByLabel('工具栏').getByRole('button', { name: '小程序' }).click();
      const code = page.getByRole('img', { name: '汽配汇小程序码' });
      await code.waitFor();
      await expect.poll(() => code.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.getByText(msg.miniProgramHint).waitFor();
      await e2e.shot(page, 'toolbar-miniprogram');
      await context.close();
    } finally {
      await e2e.pglite.query(`update system_param set value = '' where key = 'wx_miniprogram_qr'`);
    }
  });

  it('online consult opens a chat with the service staff on duty (the seeded operator)', async () => {
    await e2e.pglite.query(`update system_param set value = '{"cn":["00000000-0000-4000-8000-000000000001"]}' where key = 'im_service_user'`);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.getByLabel('工具栏').getByRole('button', { name: '在线咨询' }).click();
    await expect(page.getByRole('dialog', { name: msg.chat })).toContainText('运营管理员');
    await context.close();
  });

  it('online consult without service staff opens the configured consult page', async () => {
    await e2e.pglite.query(`update system_param set value = '{"cn":[]}' where key = 'im_service_user'`);
    await e2e.pglite.query(`update system_param set value = 'https://p.qiao.baidu.com/cps/chat?siteId=1' where key = 'baidu_shangqiao'`);
    const { context, page } = await e2e.newPage();
    // the test machine has no internet: answer for the consult service
    await context.route('https://p.qiao.baidu.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>在线咨询</title>' }));
    await page.goto(e2e.url + '/');
    await page.waitForLoadState('networkidle');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByLabel('工具栏').getByRole('button', { name: '在线咨询' }).click()]);
    await popup.waitForURL((u) => u.hostname === 'p.qiao.baidu.com');
    await expect(page.getByText('未配置在线咨询服务')).toHaveCount(0);
    await context.close();
    await e2e.pglite.query(`update system_param set value = '' where key = 'baidu_shangqiao'`);
    await e2e.pglite.query(`update system_param set value = '{"cn":["00000000-0000-4000-8000-000000000001"]}' where key = 'im_service_user'`);
  });
});
