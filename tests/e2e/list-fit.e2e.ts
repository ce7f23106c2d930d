/**
 * Browser end-to-end of the lists that fit by design (docs/architecture.md, "Wide tables"): as a
 * seller (库存与价格, 销售订单, 售后服务) and as an operator (订单, 企业列表, 用户管理), at 1366×768,
 * 1024×768 and 768×1024 with touch, and on a 390×844 phone: the page is no wider than the window;
 * the first row's key column and its action (the action column, else the key's link) are inside
 * the window and clickable without sideways scrolling; a table that still scrolls shows its shadow;
 * on the phone the first card starts on the first screen, the filters fold behind 筛选 (n), what
 * was typed in a folded field stays through folding and a rotation, and the back-office header
 * fits. One context a device (the tablet turns from 1024×768 to 768×1024). Screenshots:
 * list-fit-<page>-<width>.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contextDefaults, animationsDone, docFits, reachable, shotsDir, startE2E, type E2E, saveScreenshot } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

interface ListCase { path: string; title: string; shot: string }
const SELLER: ListCase[] = [
  { path: '/backend/product/stockAndPrice', title: '库存与价格', shot: 'stock' },
  { path: '/backend/order/sales', title: '销售订单', shot: 'sales' },
  { path: '/backend/service/afterSale?side=seller', title: '售后服务 · 我是卖家', shot: 'aftersale' },
];
const OPERATOR: ListCase[] = [
  { path: '/operation/order', title: '订单', shot: 'op-orders' },
  { path: '/operation/company/list', title: '企业列表', shot: 'op-companies' },
  { path: '/operation/users', title: '用户管理', shot: 'op-users' },
];

type Device = 'desktop' | 'tablet' | 'phone';
/** a context of its own for a user on a device, signed in; a phone signs in through a phone page */
const device = async (username: string, kind: Device): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext(
    kind === 'desktop' ? { viewport: { width: 1366, height: 768 }, ...contextDefaults }
      : kind === 'tablet' ? { viewport: { width: 1024, height: 768 }, hasTouch: true, ...contextDefaults }
        : { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, ...contextDefaults });
  const page = await context.newPage();
  const operator = username === 'operator';
  await page.goto(`${e2e.url}${operator ? '/operation/login' : kind === 'phone' ? '/ofo/cart' : '/login'}`);
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
  await page.waitForLoadState('networkidle');
  // 电脑版: the phone keeps the desktop pages (销售订单 has a phone page of its own)
  if (kind === 'phone' && !operator) await page.evaluate(() => sessionStorage.setItem('qph-desktop-chosen', '1'));
  return { context, page };
};


/** a table that still scrolls sideways says so with its shadow */
const clipShown = (page: Page) =>
  expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.list-frame')].every((f) => {
    const s = f.querySelector('.list-scroll')!;
    return s.scrollWidth <= s.clientWidth + 1 || f.hasAttribute('data-clip-right');
  }))).toBe(true);

const checkList = async (page: Page, list: ListCase, width: number) => {
  await page.goto(`${e2e.url}${list.path}`);
  const region = page.getByRole('region', { name: list.title, exact: true });
  const first = region.locator('[data-testid="list-row"], [data-testid="order-row"]').first();
  await first.waitFor();
  await docFits(page);
  if (width < 640) {
    // a card a row, the first of them on the first screen
    await expect(region.locator('table')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await first.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
  } else {
    await clipShown(page);
  }
  if (['sales', 'stock', 'op-orders'].includes(list.shot) && (width === 390 || width === 768)) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsDone(page);
    await saveScreenshot(page, { path: join(shotsDir, `list-fit-${list.shot}-${width}.png`) });
  }
  // the key column in view, its link (or the action column's first action) clickable
  const key = first.locator('.list-key').first();
  await reachable(page, key);
  const actions = first.locator('.list-actions').locator('a, button');
  await reachable(page, (await actions.count()) > 0 ? actions.first() : key.locator('a').first());
};

const checkAll = async (page: Page, lists: ListCase[], width: number) => {
  for (const list of lists) await checkList(page, list, width);
};

describe('lists that fit every device', () => {
  it('a seller\'s lists at 1366×768, 1024×768 and 768×1024 with touch', async () => {
    const desktop = await device('seller', 'desktop');
    await checkAll(desktop.page, SELLER, 1366);
    await desktop.context.close();
    const tablet = await device('seller', 'tablet');
    await checkAll(tablet.page, SELLER, 1024);
    await tablet.page.setViewportSize({ width: 768, height: 1024 });
    await checkAll(tablet.page, SELLER, 768);
    await tablet.context.close();
  });

  it('a seller\'s lists on a 390×844 phone: cards on the first screen, 筛选 folds the filters and keeps what was typed, the header fits', async () => {
    const { context, page } = await device('seller', 'phone');
    await checkAll(page, SELLER, 390);

    // the header: the company's name whole, 返回商城 an icon that keeps its name, the user menu
    const header = page.locator('.bo-header');
    const brand = header.locator('.bo-brand > span').first();
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const target of [header.getByRole('link', { name: '返回商城' }), header.getByRole('button', { name: /陈骏达/ })]) {
      const box = (await target.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // 库存与价格: OE号 and 筛选; the rest open under it
    await page.goto(`${e2e.url}/backend/product/stockAndPrice?state=on&price_lock=unlocked`);
    const list = page.getByRole('region', { name: '库存与价格' });
    await list.locator('[data-testid="list-row"]').first().waitFor();
    const filters = list.getByRole('search');
    await expect(filters.locator('.list-filter')).toHaveCount(1);
    await expect(filters.getByLabel('OE号')).toBeVisible();
    const toggle = filters.getByRole('button', { name: /^筛选/ });
    await expect(toggle).toHaveText('筛选 (2)');
    // the toolbar keeps one row (of what it shows: the 现货 cut-off setting stays off a phone)
    const tops = await list.locator('.list-toolbar > *').evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await filters.getByLabel('OE号').fill('A87');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters.getByLabel('配件名称')).toBeVisible();
    await expect(filters.locator('.list-filter').filter({ hasText: '上架状态' })).toBeVisible();
    await filters.getByLabel('配件名称').fill('刹车');
    // folded again and opened: nothing typed is lost
    await toggle.click();
    await expect(filters.getByLabel('配件名称')).toHaveCount(0);
    await toggle.click();
    await expect(filters.getByLabel('配件名称')).toHaveValue('刹车');
    // turned to landscape (every field) and back, with the caret in a folded field: still there
    await filters.getByLabel('配件名称').focus();
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(filters.getByRole('button', { name: /^筛选/ })).toHaveCount(0);
    await expect(filters.getByLabel('配件名称')).toHaveValue('刹车');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(filters.getByLabel('配件名称')).toHaveValue('刹车');
    await expect(filters.getByLabel('OE号')).toHaveValue('A87');
    // 搜索 applies what was typed, folded or not, and folds the form again
    await filters.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.searchParams.get('name') === '刹车' && u.searchParams.get('supplier_oe') === 'A87');
    await expect(filters.locator('.list-filter')).toHaveCount(1);
    await expect(filters.getByRole('button', { name: /^筛选/ })).toHaveText('筛选 (3)');

    // the bulk actions wait at the foot until a row is ticked, and do not push the rows down
    await page.goto(`${e2e.url}/backend/product/stockAndPrice`);
    const card = list.locator('[data-testid="list-row"]').first();
    await card.waitFor();
    await expect(list.getByRole('group', { name: '批量操作' })).toHaveCount(0);
    await card.getByRole('checkbox').check();
    const bar = list.getByRole('group', { name: '批量操作' });
    await expect(bar).toContainText('已选 1 行');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(844 + 1);
    await bar.getByRole('button', { name: '批量操作' }).click();
    await expect(page.getByRole('menuitem', { name: '下架' })).toBeVisible();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('an operator\'s lists at 1366×768, 1024×768, 768×1024 and on a 390×844 phone', async () => {
    const desktop = await device('operator', 'desktop');
    await checkAll(desktop.page, OPERATOR, 1366);
    await desktop.context.close();
    const tablet = await device('operator', 'tablet');
    await checkAll(tablet.page, OPERATOR, 1024);
    await tablet.page.setViewportSize({ width: 768, height: 1024 });
    await checkAll(tablet.page, OPERATOR, 768);
    await tablet.context.close();
    const phone = await device('operator', 'phone');
    await checkAll(phone.page, OPERATOR, 390);
    // 筛选 opens the folded filters of 企业列表
    await phone.page.goto(`${e2e.url}/operation/company/list`);
    const filters = phone.page.getByRole('region', { name: '企业列表', exact: true }).getByRole('search');
    await expect(filters.locator('.list-filter')).toHaveCount(1);
    await filters.getByRole('button', { name: /^筛选/ }).click();
    await expect(filters.locator('.list-filter').filter({ hasText: '会员等级' })).toBeVisible();
    await phone.context.close();
  });
});
