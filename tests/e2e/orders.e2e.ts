/**
 * Browser end-to-end for goods orders: the buyer adds a part from an OE search, 去结算 checks out
 * (a refused form keeps what was typed, also through a reload), the complete page names the order,
 * 我的订单 lists it; the seller confirms and ships it from 销售订单; the buyer confirms receipt; the
 * seller records the offline payment and the order is complete; 我的财务 shows the amounts on both
 * sides. Screenshots: orders-checkout-error, orders-complete, orders-purchase-list,
 * orders-sales-detail, orders-buyer-detail, orders-finance-buyer, orders-finance-seller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { orderText } from '../../src/shared/contracts';
import { pathOf, startE2E, type E2E } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** The page fits 1366 px: nothing wider than the window. */
const fits = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

const action = async (page: Page, label: string, fill?: () => Promise<void>) => {
  await page.locator('.order-actions').getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (fill) await fill();
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'detached' });
};

describe('orders', () => {
  it('buyer checks out from the cart, seller confirms and ships, buyer confirms receipt, payment recorded, 我的财务 shows it', async () => {
    // an OE number the seller company (2) stocks; other sellers' rows of it are taken off sale so the result has one row
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; oe_norm: string }>(`
      select id, oe_norm from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 is not null order by id limit 1`);
    await e2e.pglite.query(`update stock set state = 'off' where oe_norm = $1 and id <> $2`, [pick.oe_norm, pick.id]);
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 12000, price1 = 13560, price99 = 15000 where id = $1`, [pick.id]);

    const buyer = await e2e.newPage();
    const b = buyer.page;
    await e2e.signIn(b, '/login', 'buyer');
    // what 我的财务 shows before this order (the demo buyer starts with orders of its own): this
    // order's 240 is checked on top of it
    const yuan = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);
    const money = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await b.goto(`${e2e.url}/backend/accounting/wallet`);
    await b.getByTestId('purchase-open').waitFor();
    const open0 = yuan(await b.getByTestId('purchase-open').innerText());
    const paid0 = yuan(await b.getByTestId('purchase-paid').innerText());
    await b.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const add = b.getByRole('button', { name: /^加入购物车/ }).first();
    await add.waitFor();
    await add.click();
    await b.getByRole('button', { name: /^已加入/ }).first().click();
    await expect.poll(() => b.getByTestId('cart-count').innerText()).toBe('1');

    await b.getByRole('link', { name: /^购物车/ }).click();
    await b.waitForURL((u) => u.pathname === '/cart');
    await expect.poll(() => b.getByTestId('checked-amount').innerText()).toBe('¥240.00');
    await b.getByRole('button', { name: '去结算' }).click();
    await b.waitForURL((u) => u.pathname === '/cart/order/create');
    await expect.poll(() => b.getByTestId('checkout-total').innerText()).toBe('¥240.00');
    await expect(b.getByTestId('checkout-line')).toHaveCount(1);

    // a wrong phone and a short address: each field says what is wrong, nothing is sent
    // the demo data holds orders already (seed-activity.ts): a refused checkout adds none
    const ordersNow = async () => (await e2e.pglite.query<{ n: number }>('select count(*)::int as n from goods_order')).rows[0].n;
    const before = await ordersNow();
    await b.getByLabel('收货人').fill('王志强');
    await b.getByLabel('联系电话').fill('12345');
    await b.getByLabel('收货地址').fill('广州');
    await b.getByLabel(/^给 .* 的留言$/).fill('请用纸箱包装');
    await b.getByRole('button', { name: '提交订单' }).click();
    await expect(b.locator('#checkout-contact_phone-error')).toHaveText(orderText.contactPhone);
    await expect(b.locator('#checkout-address-error')).toHaveText(orderText.address);
    await e2e.shot(b, 'orders-checkout-error');
    expect(await ordersNow()).toBe(before);
    // a reload keeps everything typed
    await b.reload();
    await expect(b.getByLabel('收货人')).toHaveValue('王志强');
    await expect(b.getByLabel('联系电话')).toHaveValue('12345');
    await expect(b.getByLabel(/^给 .* 的留言$/)).toHaveValue('请用纸箱包装');
    await b.getByLabel('联系电话').fill('13800000004');
    await b.getByLabel('收货地址').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await b.getByRole('button', { name: '提交订单' }).click();
    await b.waitForURL((u) => u.pathname === '/cart/order/complete');
    const completeRow = b.getByTestId('complete-order');
    await expect(completeRow.getByRole('link')).toHaveText(/^\s*SO\d{20}\s*$/);
    const orderNo = (await completeRow.getByRole('link').innerText()).trim();
    await expect(b.getByText('订单已提交，等待卖家确认')).toHaveCount(1);
    await e2e.shot(b, 'orders-complete');
    const { rows: [stock] } = await e2e.pglite.query<{ quantity: number }>('select quantity from stock where id = $1', [pick.id]);
    expect(stock.quantity).toBe(18);
    await expect(b.getByTestId('cart-count')).toHaveCount(0);

    // 我的订单 in the top bar: the purchase list with the new order
    await b.locator('.topbar').getByRole('link', { name: '我的订单' }).click();
    await b.waitForURL((u) => u.pathname === '/backend/order/purchase');
    const row = b.locator(`[data-order-no="${orderNo}"]`);
    await row.waitFor();
    await expect(row).toContainText('待确认');
    await expect(row).toContainText('¥240.00');
    await fits(b);
    await e2e.shot(b, 'orders-purchase-list');

    // the seller confirms and ships from 销售订单
    const seller = await e2e.newPage();
    const s = seller.page;
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/order/sales?status=pending`);
    await s.locator(`[data-order-no="${orderNo}"]`).getByRole('link', { name: `详情 ${orderNo}` }).click();
    await s.waitForURL((u) => u.pathname === `/backend/order/detail/${orderNo}`);
    await expect(s.locator('.order-actions').getByRole('button')).toHaveTexts(['确认订单', '拒绝订单']);
    await action(s, '确认订单');
    await expect.poll(() => s.locator('.order-detail-state').innerText()).toContain('已确认');
    // a bad waybill number is refused in the dialog, which keeps what was typed
    await s.locator('.order-actions').getByRole('button', { name: '发货' }).click();
    const dialog = s.getByRole('dialog');
    await dialog.getByLabel('物流公司').fill('顺丰速运');
    await dialog.getByLabel('物流单号').fill('SF 1');
    await dialog.getByRole('button', { name: '发货' }).click();
    await expect(dialog.getByRole('alert')).toContainText(orderText.logisticsNo);
    await dialog.getByLabel('物流单号').fill('SF1234567890');
    await dialog.getByRole('button', { name: '发货' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => s.locator('.order-detail-state').innerText()).toContain('已发货');
    await expect.poll(() => s.getByText('顺丰速运 SF1234567890').count()).toBeGreaterThan(0);
    await fits(s);
    await e2e.shot(s, 'orders-sales-detail');

    // the buyer confirms receipt: received, not yet paid
    await b.goto(`${e2e.url}/backend/order/detail/${orderNo}`);
    await expect(b.locator('.order-actions').getByRole('button')).toHaveTexts(['确认收货', '付款']);
    await action(b, '确认收货');
    await expect.poll(() => b.locator('.order-detail-state').innerText()).toContain('已收货');
    await expect(b.locator('.order-detail-state')).toContainText('未付款');

    // before payment: the buyer owes 240 (我的财务 from the storefront's top bar)
    await b.goto(`${e2e.url}/`);
    await b.locator('.topbar').getByRole('link', { name: '我的财务' }).click();
    await b.waitForURL((u) => u.pathname === '/backend/accounting/wallet');
    await expect.poll(() => b.getByTestId('purchase-open').innerText()).toBe(money(open0 + 24000));
    await expect(b.getByTestId('purchase-paid')).toHaveText(money(paid0));

    // the seller records the offline payment: the order is complete
    await s.reload();
    await action(s, '登记线下收款', async () => {
      await s.getByRole('dialog').getByLabel('收款备注').fill('工行转账 尾号1234');
    });
    await expect.poll(() => s.locator('.order-detail-state').innerText()).toContain('已完成');
    await expect(s.locator('.order-detail-state')).toContainText('已付款');

    await b.reload();
    await expect.poll(() => b.getByTestId('purchase-paid').innerText()).toBe(money(paid0 + 24000));
    await expect(b.getByTestId('purchase-open')).toHaveText(money(open0));
    await e2e.shot(b, 'orders-finance-buyer');
    await b.goto(`${e2e.url}/backend/order/detail/${orderNo}`);
    await b.locator('.order-events').getByText('登记线下收款').waitFor();
    await e2e.shot(b, 'orders-buyer-detail');

    await s.locator('.bo-menu').getByRole('link', { name: '我的财务' }).click();
    await s.waitForURL((u) => u.pathname === '/backend/accounting/wallet');
    await expect.poll(() => s.getByTestId('sales-paid').innerText()).toBe('¥240.00');
    await fits(s);
    await e2e.shot(s, 'orders-finance-seller');
    await buyer.context.close();
    await seller.context.close();
  });

  it('hides 我的订单 and 我的财务 from a user without order codes, and the server refuses the pages', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    // the top bar is drawn for this user (its name), without the two links
    await page.locator('.topbar').getByText('赵顺捷').waitFor();
    await expect(page.locator('.topbar').getByRole('link', { name: '我的订单' })).toHaveCount(0);
    await expect(page.locator('.topbar').getByRole('link', { name: '我的财务' })).toHaveCount(0);
    await page.goto(`${e2e.url}/backend/order/purchase`);
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await expect(page.getByTestId('forbidden-needs')).toContainText('采购订单');
    expect(pathOf(page)).toBe('/backend/order/purchase');
    await context.close();
  });
});
