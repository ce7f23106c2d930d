/**
 * Browser end-to-end of pages that fit (docs/architecture.md, "Wide tables"): at 1366×768, 1024×768
 * (touch) and 768×1024 (touch) the seller's 库存与价格 and the keyword results are no wider than
 * the window; the stock toolbar, the first stock row's 编辑 / 记录 and the first result's 加入购物车
 * are inside the window and clickable without any sideways scrolling, OE and name in view; at
 * 1024×768 at least 6 result rows show under the search box (the announcement and the filters
 * folded, the choice kept); at 390 px a list is cards; a free member sees the link to 开通会员.
 * axe-core finds no serious or critical violation in the stock list. One context a device.
 * Screenshots: fit-stock-<w>, fit-results-<w>, fit-stock-cards-390, fit-upgrade.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contextDefaults, animationsDone, docFits, reachable, shotsDir, startE2E, type E2E, saveScreenshot } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const KEYWORD = '刹车片';

/** signs in without assuming where a role lands */
const signIn = async (page: Page, username: string) => {
  await page.goto(`${e2e.url}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
  await page.waitForLoadState('networkidle');
};

const shot = async (page: Page, name: string) => {
  await animationsDone(page);
  await saveScreenshot(page, { path: join(shotsDir, `${name}.png`) });
};


const stockPage = async (page: Page) => {
  await page.goto(`${e2e.url}/backend/product/stockAndPrice`);
  const list = page.getByRole('region', { name: '库存与价格' });
  await list.locator('[data-testid="list-row"]').first().waitFor();
  return list;
};

const checkStock = async (page: Page, name: string) => {
  const list = await stockPage(page);
  await docFits(page);
  for (const label of ['新增库存', '导出']) await reachable(page, list.getByRole('button', { name: label }));
  await reachable(page, list.getByRole('link', { name: '批量导入' }));
  await reachable(page, list.getByRole('button', { name: '搜索' }));
  const first = list.locator('[data-testid="list-row"]').first();
  const oe = (await first.locator('.list-key strong').textContent())!;
  await reachable(page, first.getByRole('button', { name: `编辑 ${oe}` }));
  await reachable(page, first.getByRole('button', { name: `修改记录 ${oe}` }));
  // OE and name stay in view (the key column)
  const key = (await first.locator('.list-key').boundingBox())!;
  expect(key.x).toBeGreaterThanOrEqual(0);
  expect(key.x + key.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(first.locator('.list-key')).toContainText(oe);
  await shot(page, name);
};

/** result rows wholly inside the window */
const rowsInView = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('section[aria-label="关键词搜索结果"] tbody tr:not(.p-datatable-row-expansion)')]
    .filter((r) => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }).length);

const checkResults = async (page: Page, name: string) => {
  await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent(KEYWORD)}`);
  const results = page.getByRole('region', { name: '关键词搜索结果' });
  const first = results.locator('tbody tr').first();
  await first.waitFor();
  await docFits(page);
  await reachable(page, first.getByRole('button', { name: /^加入购物车 / }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  return results;
};

/** a context of its own for a user on a device, signed in */
const device = async (username: string, width: number, height: number, touch: boolean): Promise<{ context: BrowserContext; page: Page }> => {
  // bypassCSP: only so that axe's script can be added to the page (our CSP refuses inline scripts)
  const context = await e2e.browser.newContext({ viewport: { width, height }, hasTouch: touch, ...contextDefaults, bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
};

describe('pages that fit', () => {
  it('at 1366×768 the stock page fits: toolbar, 编辑 and 记录 in view, the other columns in the row, no serious axe finding', async () => {
    const { context, page } = await device('seller', 1366, 768, false);
    await checkStock(page, 'fit-stock-1366');
    // the folded columns are in the row's expansion, label: value
    const first = page.locator('[data-testid="list-row"]').first();
    const toggle = first.getByRole('button', { name: /其余\d+列$/ });
    await toggle.click();
    await expect(page.locator('.list-fold-row').first()).toContainText('更新时间');
    await toggle.click();
    await expect(page.locator('.list-fold-row')).toHaveCount(0);
    // axe-core on the list: the in-place edits name their number, the dropdowns their field
    await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe;
      const r = await axe.run({ include: [['section.list-page']] }, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ×${v.nodes.length}`);
    });
    expect(found).toEqual([]);
    await context.close();
  });

  it('at 1366×768 the keyword results fit with 加入购物车 in view; a free member is shown the upgrade', async () => {
    const buyer = await device('buyer', 1366, 768, false);
    await checkResults(buyer.page, 'fit-results-1366');
    await buyer.context.close();

    // the free (trial) member: the limit says what the upgrade unlocks and links to it; 采购 says why it is empty
    const trial = await device('trial', 1366, 768, false);
    const page2 = trial.page;
    const results = await checkResultsFor(page2);
    const note = results.getByTestId('upgrade-note');
    await expect(note).toContainText('注册会员无法报价和查看联系方式');
    const link = note.getByRole('link', { name: /升级为正式会员/ });
    await expect(link).toHaveAttribute('href', '/pay/package');
    await expect(results.locator('tbody tr').first().locator('.stock-col-cart')).toHaveText('无采购权限');
    await shot(page2, 'fit-upgrade');
    await link.click();
    await page2.waitForURL((u) => u.pathname.startsWith('/pay/package'));
    await trial.context.close();
  });

  it('on a touch tablet, 1024×768 and 768×1024, both pages fit with their actions in view; 6+ result rows at 1024×768', async () => {
    const seller = await device('seller', 1024, 768, true);
    await checkStock(seller.page, 'fit-stock-1024');
    await seller.page.setViewportSize({ width: 768, height: 1024 });
    await checkStock(seller.page, 'fit-stock-768');

    const { context, page } = await device('buyer', 1024, 768, true);
    const results = await checkResults(page, 'fit-results-1024');
    // the announcement and the filter bar start folded on a tablet: 6 rows under the search box
    await expect(page.getByRole('button', { name: '公告' })).toHaveAttribute('aria-expanded', 'false');
    await expect(results.getByRole('form', { name: '价格和库存筛选' })).toHaveCount(0);
    await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(6);
    // opened, the choice is kept across a reload
    await results.getByRole('button', { name: /^价格\/库存筛选/ }).click();
    await results.getByRole('form', { name: '价格和库存筛选' }).waitFor();
    await page.reload();
    await results.getByRole('form', { name: '价格和库存筛选' }).waitFor();
    await results.getByRole('button', { name: '收起筛选' }).click();
    await expect(results.getByRole('form', { name: '价格和库存筛选' })).toHaveCount(0);

    await page.setViewportSize({ width: 768, height: 1024 });
    await checkResults(page, 'fit-results-768');

    await context.close();

    // a phone: the list is cards, header: value, 编辑 in each card
    await seller.page.setViewportSize({ width: 390, height: 844 });
    const list = await stockPage(seller.page);
    await docFits(seller.page);
    await expect(list.locator('table')).toHaveCount(0);
    const card = list.locator('li[data-testid="list-row"]').first();
    await expect(card.locator('dt').first()).toBeVisible();
    await expect(card.getByRole('button', { name: /^编辑 / })).toBeVisible();
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(seller.page, 'fit-stock-cards-390');
    await seller.context.close();
  });
});

/** the keyword results of a member who may not buy (no 加入购物车 to reach) */
async function checkResultsFor(page: Page) {
  await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent(KEYWORD)}`);
  const results = page.getByRole('region', { name: '关键词搜索结果' });
  await results.locator('tbody tr').first().waitFor();
  await docFits(page);
  return results;
}
