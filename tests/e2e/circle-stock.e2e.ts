/**
 * 商圈库存 in the browser (docs/circles.md): the circle's owner allocates one of its stock rows at
 * a circle price from 我分配的商品; a member finds it in 圈内搜索 with its 商圈价, adds it to the
 * cart at that price and orders it; the allocation goes down by what was ordered. Screenshots of
 * the pages at 1366, 1024×768 and 390×844: circle-stock-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** phoneFits false: a storefront search page, whose phone layout is /ofo (its desktop toolbar is wider than a phone) */
const threeSizes = async (page: Page, name: string, phoneFits = true) => {
  for (const [w, h, tag] of [[1366, 768, '1366'], [1024, 768, '1024'], [390, 844, '390']] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (phoneFits || tag !== '390') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await e2e.shot(page, `circle-stock-${name}-${tag}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};

describe('trade-circle stock', () => {
  it('the owner allocates a row at a circle price; a member finds it in 圈内搜索 and buys it at 商圈价', async () => {
    // a circle of the seller (company 2) with the buyer (company 3) as an approved member
    const { rows: [c] } = await e2e.pglite.query<{ id: number }>(`insert into trade_circle (name, owner_company, area) values ('珠三角配件共享圈', 2, '广东广州') returning id`);
    await e2e.pglite.query(`insert into trade_circle_member (circle_id, company_id, member_state, decided_at) values ($1, 2, 'approved', now()), ($1, 3, 'approved', now())`, [c.id]);
    const { rows: [row] } = await e2e.pglite.query<{ id: number; supplier_oe: string; name: string }>(
      `select id, supplier_oe, name from stock where company_id = 2 and state = 'on' and length(supplier_oe) >= 6 order by id limit 1`);
    await e2e.pglite.query(`update stock set quantity = 10 where id = $1`, [row.id]);

    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(`${e2e.url}/backend/circle/myProduct?circle=${c.id}`);
    await expect(sp.getByText('还没有分配商品')).toBeVisible();
    await sp.getByRole('button', { name: '分配库存' }).click();
    await sp.locator('#oe').fill(row.supplier_oe);
    await sp.locator('.p-dropdown').filter({ has: sp.locator('#stock_id') }).click();
    await sp.getByRole('option', { name: new RegExp(`^${row.supplier_oe.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }).first().click();
    // more than the row holds is refused beside the field, nothing saved
    await sp.locator('#allocated_qty').fill('11');
    await sp.locator('#circle_price_fen').fill('12.34');
    await sp.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByText(/分配数量超过库存/)).toBeVisible();
    await sp.locator('#allocated_qty').fill('3');
    await sp.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('circle-status')).toContainText('分配 3 件，商圈价 ¥12.34');
    await expect(sp.getByRole('row', { name: new RegExp(row.supplier_oe) })).toContainText('¥12.34');
    await threeSizes(sp, 'my-product');
    await sp.goto(`${e2e.url}/backend/circle/stock?circle=${c.id}`);
    await expect(sp.getByRole('row', { name: /3/ }).first()).toBeVisible();
    await threeSizes(sp, 'stock');
    await sp.goto(`${e2e.url}/backend/circle/query?circle=${c.id}`);
    await expect(sp.getByRole('row', { name: new RegExp(row.supplier_oe) })).toContainText('¥12.34');
    await threeSizes(sp, 'query');
    await sp.goto(`${e2e.url}/trade/${c.id}`);
    await expect(sp.getByRole('heading', { name: '入圈资料' })).toBeVisible();
    await threeSizes(sp, 'circle');

    // the member: 圈内搜索 shows the 商圈价; the cart charges it; the order takes it from the allocation
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(`${e2e.url}/backend/circle/circleProduct?circle=${c.id}`);
    await expect(bp.getByRole('row', { name: new RegExp(row.supplier_oe) })).toContainText('¥12.34');
    await threeSizes(bp, 'circle-product');
    await bp.goto(`${e2e.url}/search/parts/circle?k=${encodeURIComponent(row.supplier_oe)}&mode=exact`);
    const offer = bp.getByTestId('circle-offer').filter({ hasText: row.supplier_oe });
    await expect(offer).toContainText('商圈价');
    await expect(offer).toContainText('¥12.34');
    await threeSizes(bp, 'search', false);
    await offer.getByRole('button', { name: '按商圈价加入购物车' }).click();
    await expect(bp.getByRole('status').filter({ hasText: '已按商圈价加入购物车' })).toBeVisible();
    await bp.goto(`${e2e.url}/cart`);
    const line = bp.getByTestId('cart-group').filter({ hasText: row.supplier_oe });
    await expect(line).toContainText('商圈价');
    await expect(line).toContainText('12.34');
    await bp.goto(`${e2e.url}/cart/order/create`);
    await bp.locator('#checkout-contact_name').fill('王志强');
    await bp.locator('#checkout-contact_phone').fill('021-64881234');
    await bp.locator('#checkout-address').fill('上海市闵行区七莘路1888号3号仓库');
    await bp.getByRole('button', { name: '提交订单' }).click();
    await bp.waitForURL((u) => u.pathname === '/cart/order/complete');
    await expect.poll(async () => (await e2e.pglite.query<{ qty: number }>(`select qty from trade_circle_allocation where circle_id = $1 and stock_id = $2`, [c.id, row.id])).rows[0]?.qty).toBe(2);
    const { rows: [ordered] } = await e2e.pglite.query<{ unit_price_fen: number; price_column: string }>(
      `select unit_price_fen, price_column from goods_order_line where stock_id = $1 order by id desc limit 1`, [row.id]);
    expect(ordered).toEqual({ unit_price_fen: 1234, price_column: 'circle' });
  });
});
