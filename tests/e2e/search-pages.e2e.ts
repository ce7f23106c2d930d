/**
 * The other search pages in the browser (docs/search.md): 我的库存 / 曾采购, 采购记录 with 再次购买
 * into the cart, /search/explosive as the illustration search, 油品 by facets and 新车型 by month,
 * each showing real rows of the seeded database, at 1366, 1024×768 and a 390×844 phone with no
 * sideways scroll. Screenshots: test-results/screenshots/search-pages-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFits, pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const SIZES = [
  { name: '1366', viewport: { width: 1366, height: 768 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/**
 * A page of each size in turn, signed in as `user` (one sign-in at a time: a new sign-in of the
 * same account on another device may end the earlier one), closed when the loop moves on.
 */
async function* pages(user: string) {
  for (const { name, ...options } of SIZES) {
    const { context, page } = await e2e.newPage(options);
    try {
      await e2e.signIn(page, '/login', user);
      yield { name, page, context };
    } finally {
      await context.close();
    }
  }
}

/** the whole page; on the phone also the window scrolled to the page's own section (a tall page shrinks in the whole) */
const shots = async (page: Page, base: string, name: string) => {
  await e2e.shot(page, `${base}-${name}`);
  if (name !== '390') return;
  await page.locator('.more-search').first().evaluate((el) => el.scrollIntoView());
  await e2e.shot(page, `${base}-${name}-view`, { view: true });
};

const open = async (page: Page, path: string) => {
  await page.goto(`${e2e.url}${path}`);
  await page.waitForLoadState('networkidle');
};

describe('search pages', () => {
  it('我的库存 / 曾采购: the seller finds its own stock and what it bought, each said which', async () => {
    for await (const { name, page } of pages('seller')) {
      await open(page, '/search/parts/myes?k=0W-20');
      const table = page.locator('table.more-table');
      await table.locator('tbody tr').first().waitFor();
      await expect.poll(() => table.getByText('我的库存', { exact: true }).count()).toBeGreaterThan(0);
      const bought = table.locator('tbody tr', { hasText: 'SHU-0W20-SP4L' }).filter({ hasText: '曾采购' });
      await expect.poll(() => bought.count()).toBe(1);
      await expect(bought).toContainText(/共购 12 件 · 1 单/);
      await docFits(page);
      await shots(page, 'search-pages-myes', name);
    }
  });

  it('我的库存 / 曾采购 from the box: the buyer has purchases only, and an unknown word offers the platform search', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    await e2e.signIn(page, '/login', 'buyer');
    await page.getByRole('navigation', { name: '更多查询' }).getByRole('link', { name: '我的库存 / 曾采购' }).click();
    await page.getByRole('textbox', { name: 'OE号或配件名称' }).fill('刹车油');
    await page.getByRole('button', { name: '查找' }).click();
    await page.waitForURL((u) => u.searchParams.get('k') === '刹车油');
    const row = page.locator('table.more-table tbody tr', { hasText: 'GWBF-DOT4-1L' });
    await row.waitFor();
    await expect(row).toContainText(/曾采购[\s\S]*共购 10 件/);
    await page.getByRole('textbox', { name: 'OE号或配件名称' }).fill('不存在的配件');
    await page.getByRole('button', { name: '查找' }).click();
    await page.getByText('本公司的库存和采购记录中没有与“不存在的配件”相关的配件。').waitFor();
    await page.getByRole('link', { name: '在全平台搜索“不存在的配件”' }).waitFor();
    await context.close();
  });

  it('采购记录: filtered lines, 再次购买 puts the seller\'s current row into the cart, a line no longer sold says so', async () => {
    for await (const { name, page } of pages('buyer')) {
      await open(page, '/search/purchase');
      await page.getByLabel('名称', { exact: true }).fill('机油');
      await page.getByRole('button', { name: '查询' }).click();
      await page.waitForURL((u) => u.pathname === '/search/purchase/result' && u.searchParams.get('name') === '机油');
      const table = page.locator('table.purchase-table');
      await table.locator('tbody tr').first().waitFor();
      const gone = table.locator('tbody tr', { hasText: 'KLKR7-5W30-SN4L' });
      await expect.poll(() => gone.innerText()).toMatch(/该卖家已不再销售此配件/);
      await docFits(page);
      await shots(page, 'search-pages-purchase', name);
      if (name !== '1366') continue;
      const line = table.locator('tbody tr', { hasText: 'MB1-5W30-SP4L' });
      await line.getByRole('button', { name: /再次购买 MB1-5W30-SP4L/ }).click();
      await line.getByRole('button', { name: /^已加入购物车 MB1-5W30-SP4L/ }).waitFor();
      const { rows } = await e2e.pglite.query<{ qty: number; company_id: number }>(
        `select c.qty, s.company_id from cart_item c join stock s on s.id = c.stock_id join app_user u on u.id = c.user_id
         where u.username = 'buyer' and s.supplier_oe = 'MB1-5W30-SP4L'`);
      expect(rows).toEqual([{ qty: 6, company_id: 2 }]);
      await line.getByRole('link', { name: '去购物车' }).click();
      await page.waitForURL((u) => u.pathname === '/cart');
      await page.getByText('MB1-5W30-SP4L').first().waitFor();
    }
  });

  it('采购记录: a reversed date range is refused under its field; users without purchase codes get 无权访问', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    await e2e.signIn(page, '/login', 'buyer');
    await open(page, '/search/purchase');
    await page.getByLabel('下单日期从').fill('2026-11-20');
    await page.getByLabel('到', { exact: true }).fill('2026-11-01');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('alert').filter({ hasText: '开始日期不能晚于结束日期' }).waitFor();
    expect(pathOf(page)).toBe('/search/purchase');
    await context.close();

    const { context: clerk, page: other } = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    await e2e.signIn(other, '/login', 'member');
    await open(other, '/search/purchase');
    await other.getByText('无权访问').first().waitFor();
    await clerk.close();
  });

  it('/search/explosive opens the illustration search with the same params', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    await e2e.signIn(page, '/login', 'buyer');
    await open(page, '/search/explosive');
    await page.waitForURL((u) => u.pathname === '/search/parts/illustration');
    await page.getByRole('link', { name: /大众 速腾/ }).first().waitFor();
    // a vehicle's address keeps its vehicle
    const { rows } = await e2e.pglite.query<{ id: number }>('select id from epc_vehicle where sort = 0');
    await open(page, `/search/explosive?vehicle_id=${rows[0].id}`);
    await page.waitForURL((u) => u.pathname === '/search/parts/illustration' && u.searchParams.get('vehicle_id') === String(rows[0].id));
    await page.getByRole('link', { name: /前轮制动器/ }).first().waitFor();
    await context.close();
  });

  it('油品: facets narrow the catalogue to real offers, which lead to the OE search', async () => {
    for await (const { name, page } of pages('buyer')) {
      await open(page, '/search/oil');
      const facets = page.getByRole('group', { name: '油品筛选' });
      await facets.getByRole('button', { name: /^5W-30/ }).click();
      await page.waitForURL((u) => u.searchParams.get('viscosity') === '5W-30');
      await facets.getByRole('button', { name: /^ACEA C3/ }).click();
      await page.waitForURL((u) => u.searchParams.get('spec') === 'ACEA C3');
      const cards = page.locator('.oil-card');
      await expect.poll(() => cards.count()).toBe(3);
      await expect.poll(() => page.getByRole('status').filter({ hasText: '共 3 种油品' }).count()).toBe(1);
      await expect.poll(() => cards.filter({ hasText: /家有货/ }).count()).toBeGreaterThan(0);
      await docFits(page);
      await shots(page, 'search-pages-oil', name);
      if (name === '1366') {
        const card = cards.filter({ hasText: 'CEDGE-5W30-C34L' });
        await card.getByRole('link', { name: /查看报价/ }).click();
        await page.waitForURL((u) => u.pathname === '/search/parts/oe' && u.searchParams.get('code') === 'CEDGE-5W30-C34L');
        await page.getByText('极护').first().waitFor();
      }
    }
  });

  it('新车型: the newest month\'s additions by make, each leading to its parts', async () => {
    const { rows } = await e2e.pglite.query<{ model: string; make_name: string }>(
      `select model, make_name from epc_vehicle where to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM') =
        (select max(to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM')) from epc_vehicle) order by created_at desc, id desc`);
    expect(rows.length).toBeGreaterThan(0);
    for await (const { name, page } of pages('buyer')) {
      await open(page, '/search/newvehicle');
      const cards = page.locator('.vehicle-card');
      await expect.poll(() => cards.count()).toBe(rows.length);
      await expect(cards.first()).toContainText(rows[0].model);
      await docFits(page);
      await shots(page, 'search-pages-newvehicle', name);
      if (name === '1366') {
        await page.getByRole('group', { name: '品牌' }).getByRole('button', { name: new RegExp(`^${rows[0].make_name}`) }).click();
        await page.waitForURL((u) => u.searchParams.get('make') === rows[0].make_name);
        await expect.poll(() => cards.count()).toBe(rows.filter((r) => r.make_name === rows[0].make_name).length);
        await cards.first().getByRole('link', { name: /查配件/ }).click();
        await page.waitForURL((u) => u.pathname === '/search/vehicle/subgroup' && u.searchParams.has('vehicle_id'));
      }
    }
  });
});
