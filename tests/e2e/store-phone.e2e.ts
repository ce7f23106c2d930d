/**
 * The storefront on a phone at 390×844 with touch and on a 768×1024 tablet (docs/guide/devices.md,
 * "The storefront on a phone"): the storefront pages that have no phone page fit the screen; under
 * 640 px the compact header's 菜单 opens a drawer whose links navigate; a buyer publishes an
 * enquiry on the phone, each line field wide enough to type in and what was typed kept through a
 * reload; a shop page's facts are readable. Screenshots: test-results/screenshots/store-phone-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextDefaults, pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** storefront pages a phone can open (links, chat cards, shared addresses) that have no phone page */
const PAGES = ['/enquiry/publish', '/company/2', '/company/2?tab=product', '/pay/package', '/search/vin', '/quote', '/apply/seller', '/shareInfo', '/protocol', '/trade/list', '/trade/new'];

const device = async (width: number, height: number): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport: { width, height }, isMobile: width < 600, hasTouch: true, ...contextDefaults });
  return { context, page: await context.newPage() };
};

/** the document is no wider than the screen (a mobile viewport widens to fit what overflows) */
const fits = (page: Page, width: number) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const widthOf = async (box: ReturnType<Page['locator']>) => (await box.boundingBox())?.width ?? 0;

/** every listed page fits; a shop's facts and tabs are on lines of their own, not a character a line */
const checkPages = async (page: Page, width: number) => {
  for (const path of PAGES) {
    await page.goto(e2e.url + path);
    await page.waitForLoadState('networkidle');
    await fits(page, width);
  }
  await page.goto(`${e2e.url}/company/2`);
  const brands = page.locator('.shop-facts > div').filter({ has: page.locator('dt', { hasText: '主营品牌' }) }).locator('dd');
  await expect(brands).toHaveText(/、/);
  expect(await widthOf(brands)).toBeGreaterThan(100);
  for (const tab of ['展厅', '工厂', '产品', '视频']) {
    const box = await page.getByRole('navigation', { name: '店铺栏目' }).getByRole('link', { name: tab }).boundingBox();
    expect(box!.height).toBeLessThan(60);
  }
  await e2e.shot(page, `store-phone-shop-${width}`);
};

describe('the storefront on a phone (390×844, touch)', () => {
  it('pages fit; the compact header and its drawer; a buyer publishes an enquiry', async () => {
    const { context, page } = await device(390, 844);
    await e2e.signIn(page, '/im/login', 'buyer');
    await checkPages(page, 390);

    // the compact header: no top bar, no nav row; the side toolbar keeps only 顶部
    const header = page.locator('.site-header');
    await expect(page.locator('.topbar')).toBeHidden();
    await expect(header.getByRole('link', { name: '搜索OE号、配件名称' })).toBeVisible();
    await expect(header.getByRole('link', { name: /^购物车/ })).toBeVisible();
    await expect(page.getByRole('button', { name: '返回顶部' })).toBeVisible();
    await expect(page.getByRole('button', { name: '在线咨询' })).toBeHidden();

    // 菜单: the nav and the account's links; a link navigates and closes the drawer
    const drawer = page.getByRole('dialog', { name: '菜单' });
    const openMenu = async () => {
      await header.getByRole('button', { name: '打开菜单' }).tap();
      await expect(drawer).toBeVisible();
    };
    await openMenu();
    for (const name of ['首页', '配件搜索', '商圈', '消息', '我的订单', '个人资料']) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /客服热线 400-880-6688/ })).toHaveAttribute('href', 'tel:4008806688');
    await expect(drawer.getByRole('group', { name: '显示币种' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: '退出登录' })).toBeVisible();
    await e2e.shot(page, 'store-phone-drawer');
    await drawer.getByRole('link', { name: '商圈', exact: true }).tap();
    await page.waitForURL((u) => u.pathname === '/trade/list');
    await expect(drawer).toHaveCount(0);
    // 我的求购 has a phone page: the phone lands there
    await openMenu();
    await drawer.getByRole('link', { name: /^我的求购/ }).tap();
    await page.waitForURL((u) => u.pathname === '/ofo/enquiry');
    // a tap beside the drawer closes it
    await page.goto(`${e2e.url}/company/2`);
    await openMenu();
    await page.touchscreen.tap(20, 400);
    await expect(drawer).toHaveCount(0);

    // 发布询价: each line a card with fields wide enough; what was typed survives a reload
    await page.goto(`${e2e.url}/enquiry/publish`);
    const form = page.getByRole('region', { name: '发布询价' });
    for (const field of ['OE号', '配件名称', '数量']) expect(await widthOf(form.getByRole('textbox', { name: `第1行 ${field}` }))).toBeGreaterThanOrEqual(120);
    await form.getByRole('textbox', { name: '第1行 OE号' }).fill('04465-33450');
    await form.getByRole('textbox', { name: '第1行 配件名称' }).fill('前刹车片');
    await form.getByRole('textbox', { name: '第1行 数量' }).fill('2');
    await form.getByRole('radiogroup', { name: '第1行 品质' }).getByLabel('品牌件').tap();
    await page.reload();
    await expect(form.getByRole('textbox', { name: '第1行 配件名称' })).toHaveValue('前刹车片');
    await expect.poll(() => form.getByRole('radiogroup', { name: '第1行 品质' }).getByLabel('品牌件').isChecked()).toBe(true);
    await fits(page, 390);
    await form.locator('.p-dropdown').tap();
    await page.locator('.p-dropdown-filter').fill('大众');
    await page.getByRole('option', { name: /大众/ }).first().tap();
    await e2e.shot(page, 'store-phone-enquiry-publish');
    await form.getByRole('button', { name: '发布询价' }).tap();
    // published: the enquiry's page, on a phone its phone page
    await page.waitForURL((u) => /^\/(ofo\/)?enquiry(\/list)?\/\d+$/.test(u.pathname));
    await expect(page.getByText('前刹车片').first()).toBeVisible();
    const id = Number(pathOf(page).split('/').pop());
    const { rows: [saved] } = await e2e.pglite.query<{ state: string; zone: boolean }>(`select state, zone from enquiry where id = $1`, [id]);
    expect(saved).toEqual({ state: 'open', zone: true });
    await context.close();
  }, 120_000);
});

describe('the storefront on a tablet (768×1024, touch)', () => {
  it('pages fit; the desktop header on one line', async () => {
    const { context, page } = await device(768, 1024);
    await e2e.signIn(page, '/login', 'buyer');
    await checkPages(page, 768);
    // the top bar and the nav keep their desktop look: each link on one line, no menu button
    for (const link of await page.locator('.topbar a, .site-header .nav a').all()) expect((await link.boundingBox())!.height).toBeLessThan(50);
    expect((await page.locator('.topbar').boundingBox())!.height).toBeLessThanOrEqual(44);
    await expect(page.getByRole('button', { name: '打开菜单' })).toBeHidden();
    await context.close();
  }, 120_000);
});
