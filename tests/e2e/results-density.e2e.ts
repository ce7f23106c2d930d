/**
 * Browser end-to-end of the results' density: a keyword results page at 1366×768 shows
 * at least 8 one-line rows above the fold; 紧凑 / 舒适 and a hidden column are kept per user on the
 * device across a reload (another user gets the defaults); a hidden price and the contacts are in
 * the row's detail; at 1024×768 with touch the rows are finger-sized and the page does not scroll
 * sideways. Screenshots: results-compact-1366, results-comfortable-1366, results-comfortable-1024,
 * results-compact-1024, results-detail-1366.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { contextDefaults, animationsDone, shotsDir, startE2E, type E2E, saveScreenshot } from './harness';
import { searchInTab } from './search-tabs';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** result rows wholly inside the window, and the height of each */
const aboveFold = (page: Page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll('section[aria-label="关键词搜索结果"] tbody tr:not(.p-datatable-row-expansion)')];
    return rows.filter((r) => r.getBoundingClientRect().bottom <= innerHeight).map((r) => Math.round(r.getBoundingClientRect().height));
  });

const shot = async (page: Page, name: string) => {
  await animationsDone(page);
  await saveScreenshot(page, { path: join(shotsDir, `${name}.png`) });
};

describe('results density', () => {
  it('shows 8+ one-line rows above the fold at 1366×768, and keeps the density and the hidden columns per user across a reload', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 768 }, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '关键词搜索', '刹车片');
    await results.locator('tbody tr').first().waitFor();
    const density = results.getByRole('radiogroup', { name: '表格密度' });
    await expect(density.getByRole('radio', { name: '紧凑' })).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await aboveFold(page)).length).toBeGreaterThanOrEqual(8);
    // one line a row: no row is taller than a line of text and its small buttons
    expect(Math.max(...(await aboveFold(page)))).toBeLessThanOrEqual(40);
    // the whole table fits: no sideways scrolling of the page or of the table
    await expect.poll(() => results.locator('.p-datatable-wrapper').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await shot(page, 'results-compact-1366');

    // the row's detail: the contacts (not a column by default) and the whole vehicle list
    const first = results.locator('tbody tr').first();
    await first.locator('.stock-details-button').click();
    const detail = results.locator('.stock-details-panel');
    await expect(detail).toContainText('联系方式');
    await expect(detail).toContainText('适用车型');
    await expect(detail).toContainText(/\d{3,4}-\d{7,8}/);
    await shot(page, 'results-detail-1366');
    await first.locator('.stock-details-button').click();
    await expect(detail).toHaveCount(0);

    // 舒适 and 钉箱费 hidden
    await density.getByRole('radio', { name: '舒适' }).click();
    await expect.poll(async () => Math.min(...(await aboveFold(page)))).toBeGreaterThan(40);
    await results.getByRole('button', { name: /^显示列/ }).click();
    await page.getByRole('checkbox', { name: '钉箱费' }).uncheck();
    await expect(results.locator('thead')).not.toContainText('钉箱费');
    await page.keyboard.press('Escape');
    await shot(page, 'results-comfortable-1366');

    await page.reload();
    await results.locator('tbody tr').first().waitFor();
    await expect(density.getByRole('radio', { name: '舒适' })).toHaveAttribute('aria-checked', 'true');
    await expect(results.locator('thead')).not.toContainText('钉箱费');
    await expect(results.locator('thead')).toContainText('标准价');
    // the hidden price is still in the row's detail
    await results.locator('tbody tr').first().locator('.stock-details-button').click();
    await expect(results.locator('.stock-details-panel')).toContainText('钉箱费');

    // another user on the same device starts from the defaults
    await page.goto(`${e2e.url}/logout`);
    await page.waitForURL((u) => u.pathname.endsWith('/login'));
    await e2e.signIn(page, '/login', 'seller');
    const theirs = await searchInTab(page, '关键词搜索', '刹车片');
    await theirs.locator('tbody tr').first().waitFor();
    await expect(theirs.getByRole('radiogroup', { name: '表格密度' }).getByRole('radio', { name: '紧凑' })).toHaveAttribute('aria-checked', 'true');
    await expect(theirs.locator('thead')).toContainText('钉箱费');
    await context.close();
  });

  it('at 1024×768 with touch: finger-sized rows by default, the compact choice, no sideways page scroll', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '关键词搜索', '刹车片');
    await results.locator('tbody tr').first().waitFor();
    const density = results.getByRole('radiogroup', { name: '表格密度' });
    await expect(density.getByRole('radio', { name: '舒适' })).toHaveAttribute('aria-checked', 'true');
    const finger = async (locator: ReturnType<Page['locator']>) => {
      const box = await locator.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(40);
    };
    await finger(results.locator('.stock-details-button').first());
    await finger(results.getByRole('button', { name: /^加入购物车/ }).first());
    await finger(results.getByRole('button', { name: /^联系卖家/ }).first());
    await finger(density.getByRole('radio', { name: '紧凑' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await shot(page, 'results-comfortable-1024');
    await density.getByRole('radio', { name: '紧凑' }).tap();
    await expect(density.getByRole('radio', { name: '紧凑' })).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await expect.poll(async () => (await aboveFold(page)).length).toBeGreaterThanOrEqual(5);
    await shot(page, 'results-compact-1024');
    await context.close();
  });
});
