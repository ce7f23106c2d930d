/**
 * 现货 in the browser (docs/spot-goods.md): the seller marks a row and sets its cut-off on the stock
 * page, the buyer's 只看现货 on the desktop results (1366, 1024×768 touch), and /ofo/spotGoods on a
 * 390 phone through 现货下单 to a 现货订单 with its countdown on both sides' lists.
 * Screenshots: test-results/screenshots/spot-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFits, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const DESKTOP = [
  { name: '1366', viewport: { width: 1366, height: 768 } },
  { name: '1024', viewport: { width: 1024, height: 768 }, hasTouch: true },
] as const;

const open = async (page: Page, path: string) => {
  await page.goto(`${e2e.url}${path}`);
  await page.waitForLoadState('networkidle');
};

describe('spot goods', () => {
  it('the seller marks a row as 现货 and sets the cut-off on the stock page', async () => {
    const { rows: [row] } = await e2e.pglite.query<{ supplier_oe: string }>(
      `select supplier_oe from stock where company_id = 2 and state = 'on' and not spot and quantity > 0 order by id limit 1`);
    for (const { name, ...options } of DESKTOP) {
      const { context, page } = await e2e.newPage(options);
      await e2e.signIn(page, '/login', 'seller');
      await open(page, `/backend/product/stockAndPrice?supplier_oe=${encodeURIComponent(row.supplier_oe)}`);
      const action = page.getByRole('button', { name: new RegExp(`^(标记现货|取消现货) ${row.supplier_oe.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
      await action.waitFor();
      if (name === '1366') {
        await action.click();
        await expect(page.getByTestId('stock-status')).toContainText('已标记现货');
        await expect(page.getByTestId('stock-spot').first()).toBeVisible();
        await page.locator('#spot-cutoff').fill('16:00');
        await page.locator('.stock-cutoff').getByRole('button', { name: '保存' }).click();
        await expect(page.getByTestId('stock-status')).toContainText('现货截单时间已设为 16:00');
      } else {
        await expect(page.locator('#spot-cutoff')).toHaveValue('16:00');
      }
      await docFits(page);
      await e2e.shot(page, `spot-stock-${name}`);
      await context.close();
    }
  });

  it('只看现货 on the desktop results shows only 现货 rows, each 今日发 or 明日发, and stays in the address', async () => {
    for (const { name, ...options } of DESKTOP) {
      const { context, page } = await e2e.newPage(options);
      await e2e.signIn(page, '/login', 'buyer');
      await open(page, `/search/parts/keyword?k=${encodeURIComponent('刹车片')}&r=${Date.now()}`);
      await page.getByText('只看现货').waitFor();
      await page.getByText('只看现货').click();
      await page.waitForURL((u) => u.searchParams.get('spot') === '1');
      await expect(page.getByRole('status').filter({ hasText: '现货 “刹车片”' })).toHaveCount(1);
      const tags = page.getByTestId('spot-tag');
      await expect.poll(() => tags.count()).toBeGreaterThan(0);
      // every row shown is 现货
      await expect.poll(async () => (await tags.count()) === (await page.locator('table tbody tr').filter({ has: page.getByTestId('spot-tag') }).count())).toBe(true);
      await expect.poll(() => page.locator('table tbody tr').filter({ hasText: '无货' }).count()).toBe(0);
      await expect(tags.first()).toContainText(/现货·(今日发|明日发)/);
      await docFits(page);
      await e2e.shot(page, `spot-results-${name}`, { view: true });
      // a reload keeps the filter
      await page.reload();
      await expect(page.locator('.spot-filter input')).toBeVisible();
      expect(await page.locator('.spot-filter input').isChecked()).toBe(true);
      await context.close();
    }
  });

  it('/ofo/spotGoods on a phone: 现货 cards, 现货下单 to a 现货订单 the seller sees counting down', async () => {
    // a spot row of the demo seller (company 2), whose sales list the seller reads below, found by its OE number
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; oe_norm: string }>(
      `select id, oe_norm from stock where company_id = 2 and state = 'on' and spot and quantity > 0 and price0 is not null order by id limit 1`);
    const { context, page } = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await e2e.signIn(page, '/login', 'buyer');
    await open(page, `/ofo/spotGoods?k=${encodeURIComponent(pick.oe_norm)}&r=${Date.now()}`);
    const cards = page.getByTestId('stock-card');
    await cards.first().waitFor();
    await expect(cards.first().getByTestId('spot-tag')).toContainText(/现货·(今日发|明日发)/);
    await docFits(page);
    await e2e.shot(page, 'spot-goods-390');
    await page.locator(`[data-testid="stock-card"][data-stock-id="${pick.id}"]`).getByRole('button', { name: /^现货下单 / }).click();
    await page.waitForURL((u) => u.pathname === '/cart/order/spotCreate');
    await expect(page.getByTestId('spot-line')).toHaveCount(1);
    await page.locator('#spot-contact_name').fill('王志强');
    await page.locator('#spot-contact_phone').fill('13800000004');
    await page.locator('#spot-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await docFits(page);
    await e2e.shot(page, 'spot-create-390');
    await page.getByRole('button', { name: '提交现货订单' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/order/complete');
    const { rows: [order] } = await e2e.pglite.query<{ order_no: string }>(`select order_no from goods_order where spot order by id desc limit 1`);
    await open(page, '/ofo/purchase/order');
    await expect(page.getByTestId('order-spot').first()).toHaveText('现货');
    await expect(page.getByTestId('spot-countdown').first()).toContainText(/卖家确认剩余 \d\d:\d\d/);
    await docFits(page);
    await e2e.shot(page, 'spot-orders-390');
    await context.close();

    // the seller's sales list counts down too
    const seller = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    await e2e.signIn(seller.page, '/login', 'seller');
    await open(seller.page, `/backend/order/sales?no=${order.order_no}`);
    const row = seller.page.locator('[data-testid="order-row"]', { hasText: order.order_no });
    await expect(row.getByTestId('order-spot')).toHaveText('现货');
    await expect(row.getByTestId('spot-countdown')).toContainText(/请在 \d\d:\d\d 内确认/);
    await e2e.shot(seller.page, 'spot-sales-1366');
    await seller.context.close();
  });
});
