/**
 * Company pages in the browser: the seller decorates the shop in /backend/store, buyers open the
 * shop and its tabs (desktop and phone variant), and the seller sees the visits in the nav badge
 * and in /quote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { shotsDir, startE2E, type E2E, saveScreenshot } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const SHOP = 2;
const settle = (page: Page) => page.waitForLoadState('networkidle');

describe('company pages', () => {
  it('the seller decorates the shop; a bad address is refused and nothing typed is lost', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend`);
    await page.locator('.bo-menu').getByText('店铺装修').click();
    await page.waitForURL((u) => u.pathname === '/backend/store');
    const intro = page.locator('#intro');
    await expect.poll(() => intro.inputValue()).toContain('广州骏达汽车配件有限公司成立于2009年');
    await settle(page);
    await e2e.shot(page, 'company-store-editor');

    await intro.fill('骏达汽配：原厂件与品牌件批发，当天发货。');
    await page.getByRole('button', { name: '添加视频' }).click();
    await page.getByLabel('视频1地址').fill('ftp://video.example.com/tour.mp4');
    await page.getByLabel('视频1标题').fill('仓库参观');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('[role="alert"]').filter({ hasText: '视频地址须以 http://、https:// 或 / 开头' }).first().waitFor();
    // what was typed is still there
    await expect(intro).toHaveValue('骏达汽配：原厂件与品牌件批发，当天发货。');
    await expect(page.getByLabel('视频1标题')).toHaveValue('仓库参观');
    await e2e.shot(page, 'company-store-editor-error');

    await page.getByLabel('视频1地址').fill('https://video.example.com/tour.mp4');
    // a fourth factory photo, uploaded as a PNG drawn in the page
    const png = Buffer.from(await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 400;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#0369a1';
      g.fillRect(0, 0, 640, 400);
      g.fillStyle = '#fff';
      g.font = 'bold 48px sans-serif';
      g.fillText('新仓库', 40, 90);
      return canvas.toDataURL('image/png').split(',')[1];
    }), 'base64');
    await page.getByRole('button', { name: '添加照片' }).click();
    await page.getByLabel('照片4说明').fill('新仓库');
    await page.locator('input[type="file"][aria-label="上传"]').nth(3).setInputFiles({ name: 'warehouse.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByLabel('照片4地址').inputValue()).toMatch(/^\/api\/uploads\//);
    await page.getByLabel('搜索本店库存').fill('');
    await page.getByRole('button', { name: '搜索库存' }).click();
    const pick = page.getByRole('button', { name: '选为精选' }).first();
    await pick.waitFor();
    // the seed features four parts: a fifth is added (the shop page shows five below)
    const featured = page.locator('ol.store-featured li');
    await expect(featured).toHaveCount(4);
    await pick.click();
    await expect(featured).toHaveCount(5);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('店铺装修已保存').waitFor();
    // /company without an id is the seller's own shop
    await page.goto(`${e2e.url}/company`);
    await page.waitForURL((u) => u.pathname === `/company/${SHOP}`);
    await page.getByText('骏达汽配：原厂件与品牌件批发，当天发货。').waitFor();
    await context.close();
  });

  it('a formal buyer opens the shop and each tab; the spec aliases lead to the same tabs', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    // the yellow pages lead to the shop
    await page.goto(`${e2e.url}/search/company?k=${encodeURIComponent('骏达')}`);
    await page.getByRole('link', { name: '广州骏达汽车配件有限公司' }).click();
    await page.waitForURL((u) => u.pathname === `/company/${SHOP}`);
    await page.getByRole('heading', { name: '广州骏达汽车配件有限公司' }).waitFor();
    await page.getByText('骏达汽配：原厂件与品牌件批发，当天发货。').waitFor();
    await expect(page.locator('.shop-featured')).toHaveCount(5);
    await expect.poll(() => page.locator('.shop-head').innerText()).toContain('020-86321458');
    await settle(page);
    await e2e.shot(page, 'company-shop-exhibition');

    await page.locator('.shop-tabs').getByText('工厂').click();
    await page.getByText('自有仓库面积3200平方米', { exact: false }).waitFor();
    await expect(page.locator('.shop-photos img')).toHaveCount(4);
    await page.locator('.shop-photos').getByText('新仓库').waitFor();
    await settle(page);
    await e2e.shot(page, 'company-shop-factory');

    await page.locator('.shop-tabs').getByText('产品').click();
    await page.locator('.p-datatable-tbody tr').first().waitFor();
    await expect(page.locator('.p-datatable-tbody tr')).toHaveCount(50);
    // the name cell: the part name first, then its tags and generic name
    const name = (await page.locator('.p-datatable-tbody tr').first().locator('td.stock-col-name .stock-name-text').innerText()).trim();
    await page.getByLabel('在本店产品中搜索').fill(name);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('k') === name);
    await expect.poll(() => page.locator('.shop-body [role="status"]').innerText()).toContain(`“${name}”`);
    // polled: the rows of the first page stay until the search's answer is drawn
    const names = page.locator('.p-datatable-tbody tr td.stock-col-name');
    await expect.poll(() => names.allInnerTexts()).toSatisfy((n: string[]) => n.length > 0 && n.every((t) => t.includes(name)));
    await settle(page);
    await e2e.shot(page, 'company-shop-product');
    await saveScreenshot(page, { path: join(shotsDir, 'company-shop-product-top.png') });

    await page.locator('.shop-tabs').getByText('视频').click();
    await page.getByRole('link', { name: '仓库参观' }).waitFor();
    await expect(page.getByRole('link', { name: '仓库参观' })).toHaveAttribute('href', 'https://video.example.com/tour.mp4');
    await e2e.shot(page, 'company-shop-video');

    await page.goto(`${e2e.url}/company/factory?id=${SHOP}`);
    await page.waitForURL((u) => u.pathname === `/company/${SHOP}` && u.searchParams.get('tab') === 'factory');
    await page.goto(`${e2e.url}/company/999999`);
    await page.getByText('店铺不存在').waitFor();
    await context.close();
  });

  it('a registered member sees contacts blurred with the upgrade prompt', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(`${e2e.url}/company/product?id=${SHOP}`);
    await page.waitForURL((u) => u.pathname === `/company/${SHOP}`);
    await page.locator('.p-datatable-tbody tr').first().waitFor();
    await expect(page.locator('.shop-head').getByText('升级为正式会员后可查看')).toHaveCount(1);
    expect(await page.content()).not.toContain('020-86321458');
    await expect(page.locator('thead')).not.toContainText('批发价');
    await settle(page);
    await e2e.shot(page, 'company-shop-product-member');
    await context.close();
  });

  it('the phone variant shows the same shop in one narrow column', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'trial');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/company/m/${SHOP}`);
    await page.getByRole('heading', { name: '广州骏达汽车配件有限公司' }).waitFor();
    // no storefront chrome, and nothing wider than the phone
    await expect(page.locator('.site-header')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settle(page);
    await e2e.shot(page, 'company-shop-mobile');
    await page.goto(`${e2e.url}/company/m/product?id=${SHOP}`);
    await page.waitForURL((u) => u.pathname === `/company/m/${SHOP}` && u.searchParams.get('tab') === 'product');
    await page.locator('.shop-m-products li').first().waitFor();
    await expect(page.locator('.shop-m-products li')).toHaveCount(50);
    await settle(page);
    await e2e.shot(page, 'company-shop-mobile-product');
    await page.goto(`${e2e.url}/company/m/video?id=${SHOP}`);
    await page.getByRole('link', { name: '仓库参观' }).waitFor();
    await e2e.shot(page, 'company-shop-mobile-video');
    await context.close();
  });

  it('the seller sees the visits in the nav badge and in /quote, which clears the badge', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/`);
    const badge = page.getByTestId('quote-badge');
    await badge.waitFor();
    // buyer, member and trial companies: one view each within the hour
    await expect(badge).toHaveText('3');
    await e2e.shot(page, 'company-quote-badge');
    await page.locator('.nav').getByText('谁看过我').click();
    await page.waitForURL((u) => u.pathname === '/quote');
    const rows = page.locator('.p-datatable-tbody tr');
    await expect.poll(async () => (await rows.allInnerTexts()).map((r) => r.includes('新'))).toEqual([true, true, true]);
    await expect(rows.nth(0)).toContainText('成都蓉威汽配商行');
    await expect(rows.nth(2)).toContainText('上海申通汽车维修服务有限公司');
    await expect(rows.nth(2)).toContainText('021-64128877');
    await settle(page);
    await e2e.shot(page, 'company-quote');
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });
});
