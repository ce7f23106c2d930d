/**
 * Browser end-to-end for after-sale (售后) at 1024×768: on a received order the buyer presses
 * 申请售后 and ticks the line (a missing reason is refused beside its field), asks for 退货退款 of 2 of 4
 * pieces; the seller finds it under 售后服务 (我是卖家) and agrees; the buyer ships back with a
 * waybill; the seller confirms receipt and settles it (the order is unpaid, so by 冲减货款, and the
 * buyer's order shows what it still owes); both see 已完成 (the buyer also on the
 * phone page); the operator finds it on /operation/service. Screenshots: aftersale-apply-error,
 * aftersale-buyer-pending, aftersale-seller-list, aftersale-seller-done (and -1366), aftersale-buyer-list, aftersale-order,
 * aftersale-phone-detail, aftersale-operator-list, aftersale-operator-detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { afterSaleText } from '../../src/shared/contracts';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const ORDER_NO = 'SO20261126090000000001';

/** Nothing wider than the window: the page never scrolls sideways. */
const fits = (page: Page, width: number) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** Presses a move on the after-sale's page, fills its dialog and confirms it. */
const move = async (page: Page, label: string, fill?: () => Promise<void>) => {
  await page.locator('.order-actions').getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (fill) await fill();
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'detached' });
};

const status = (page: Page) => page.locator('.order-detail-head').getByTestId('aftersale-status');

describe('after-sale', () => {
  it('buyer applies on a received order, seller agrees, buyer ships back, seller receives and refunds, both and the operator see 已完成', async () => {
    // a received order of the buyer (company 3) from the seller (company 2): 4 pieces of one part
    const { rows: [stock] } = await e2e.pglite.query<{ id: number; supplier_oe: string; name: string }>(
      `select s.id, s.supplier_oe, coalesce(s.name, '刹车片') as name from stock s where s.company_id = 2 and s.state = 'on' order by s.id limit 1`);
    const { rows: [buyerUser] } = await e2e.pglite.query<{ id: number }>(`select id from app_user where username = 'buyer'`);
    const { rows: [order] } = await e2e.pglite.query<{ id: string }>(`
      insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
        contact_name, contact_phone, address, logistics_company, logistics_no, created_at, confirmed_at, shipped_at, received_at)
      values ($1, 'CO20261126090000000001', 3, $2, 2, 'received', 1, 4, 48000, '王志强', '13800000004', '广东省广州市白云区机场路88号', '顺丰速运', 'SF1234567890',
        now() - interval '3 days', now() - interval '3 days', now() - interval '2 days', now() - interval '1 day') returning id`, [ORDER_NO, buyerUser.id]);
    await e2e.pglite.query(`insert into goods_order_line (order_id, stock_id, type_code, supplier_oe, name, qty, include_tax, price_column, unit_price_fen, amount_fen)
      values ($1, $2, '配件产品', $3, $4, 4, false, 'price0', 12000, 48000)`, [order.id, stock.id, stock.supplier_oe, stock.name]);
    await e2e.pglite.query(`insert into goods_order_event (order_id, action, actor_user_id, from_status, to_status) values ($1, 'create', $2, null, 'pending')`, [order.id, buyerUser.id]);

    // ---- the buyer applies from the order's page ----
    const buyer = await e2e.newPage();
    const b = buyer.page;
    await b.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/backend/order/detail/${ORDER_NO}`);
    // the head's 申请售后 is in view on a tablet (the lines table scrolls sideways, its per-line link last)
    await b.locator('.order-actions').getByRole('link', { name: '申请售后', exact: true }).click();
    await b.waitForURL((u) => u.pathname === '/backend/service/afterSale/apply');
    await b.getByLabel(`选择 ${stock.supplier_oe} ${stock.name}`).check();
    const qty = b.getByLabel(`售后数量 ${stock.supplier_oe}`);
    await expect(qty).toHaveValue('4');
    await qty.fill('2');
    await b.getByRole('button', { name: '提交申请' }).click();
    await expect(b.locator('#reason-error')).toHaveText(afterSaleText.reason);
    await fits(b, 1024);
    await e2e.shot(b, 'aftersale-apply-error');
    // none on this order (the demo data holds an after-sale of its own, seed-activity.ts)
    const { rows: [{ n: none }] } = await e2e.pglite.query<{ n: number }>('select count(*)::int as n from after_sale where order_id = $1', [order.id]);
    expect(none).toBe(0);
    await b.locator('.p-dropdown').filter({ has: b.locator('#reason') }).click();
    await b.getByRole('option', { name: '质量问题' }).click();
    await b.getByLabel('问题描述').fill('刹车片表面有裂纹');
    await expect(b.getByText('¥240.00')).toBeVisible();
    await b.getByRole('button', { name: '提交申请' }).click();
    await b.waitForURL((u) => u.pathname.startsWith('/backend/service/afterSale/detail/'));
    const asNo = b.url().split('/').pop()!;
    expect(asNo).toMatch(/^AS\d{20}$/);
    await expect(status(b)).toHaveText('待卖家处理');
    await expect(b.getByTestId('aftersale-line')).toContainText(stock.supplier_oe);
    await fits(b, 1024);
    await e2e.shot(b, 'aftersale-buyer-pending');

    // ---- the seller finds it under 售后服务 and agrees ----
    const seller = await e2e.newPage();
    const s = seller.page;
    await s.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend`);
    await s.getByRole('link', { name: '售后服务' }).first().click();
    await s.waitForURL((u) => u.pathname === '/backend/service/afterSale');
    const row = s.getByTestId('list-row').filter({ hasText: asNo });
    await expect(row).toContainText('待卖家处理');
    await expect(row).toContainText('退货退款');
    await fits(s, 1024);
    await e2e.shot(s, 'aftersale-seller-list');
    await row.getByRole('link', { name: asNo }).click();
    await move(s, '同意售后');
    await expect(status(s)).toHaveText('待买家退货');

    // ---- the buyer ships the pieces back ----
    await b.reload();
    await expect(status(b)).toHaveText('待买家退货');
    await move(b, '退货', async () => {
      await b.getByLabel('物流公司').fill('德邦物流');
      await b.getByLabel('物流单号').fill('DB20261126001');
    });
    await expect(status(b)).toHaveText('待卖家收货');

    // ---- the seller receives them and records the refund ----
    await s.reload();
    await expect(s.getByTestId('aftersale-logistics')).toContainText('德邦物流 DB20261126001');
    await move(s, '确认收货');
    await expect(status(s)).toHaveText('待退款');
    // the order is on credit (not paid yet): the dialog settles by 冲减货款, not by a refund
    await move(s, '确认退款', async () => {
      await expect(s.getByRole('dialog')).toContainText('冲减金额');
      await expect(s.getByRole('dialog').locator('.p-dropdown')).toContainText('冲减货款');
      await s.getByLabel('退款备注').fill('月结对账时扣除');
    });
    await expect(status(s)).toHaveText('已完成');
    await expect(s.getByTestId('aftersale-events').locator('li')).toHaveCount(5);
    await fits(s, 1024);
    await e2e.shot(s, 'aftersale-seller-done');
    await s.setViewportSize({ width: 1366, height: 768 });
    await fits(s, 1366);
    await e2e.shot(s, 'aftersale-seller-done-1366');

    // ---- the buyer sees 已完成 in its list, on the order and on the phone ----
    await b.goto(`${e2e.url}/backend/service/afterSale?side=buyer`);
    await expect(b.getByTestId('list-row').filter({ hasText: asNo })).toContainText('已完成');
    await e2e.shot(b, 'aftersale-buyer-list');
    await b.goto(`${e2e.url}/backend/order/detail/${ORDER_NO}`);
    await expect(b.getByTestId('order-aftersales')).toContainText('已完成');
    // 2 of 4 pieces at ¥120 came off what the buyer owes
    await expect(b.getByTestId('order-deducted')).toContainText('售后冲减');
    await expect(b.getByTestId('order-deducted')).toContainText('应付');
    await expect(b.getByTestId('order-deducted')).toContainText('240.00');
    await fits(b, 1024);
    await e2e.shot(b, 'aftersale-order');
    await b.setViewportSize({ width: 390, height: 844 });
    await b.goto(`${e2e.url}/ofo/serviceOrder`);
    await b.getByTestId('service-card').filter({ hasText: asNo }).getByRole('link', { name: `详情 ${asNo}` }).click();
    await expect(b.getByTestId('service-status')).toContainText('已完成');
    await fits(b, 390);
    await e2e.shot(b, 'aftersale-phone-detail');
    // the phone's 付款 asks for what is left after the deduction
    await b.goto(`${e2e.url}/ofo/purchase/payment?order_no=${ORDER_NO}`);
    // other tests' unpaid orders of this buyer are listed too: read this order's card
    const due = b.getByTestId('payment-order').filter({ hasText: ORDER_NO }).getByTestId('payment-amount');
    await expect(due).toContainText('240.00');
    await expect(due).toContainText('售后冲减');
    await e2e.shot(b, 'aftersale-phone-payment');

    // ---- the operator sees it on /operation/service ----
    const op = await e2e.newPage();
    const o = op.page;
    await o.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(o, '/operation/login', 'operator');
    await o.goto(`${e2e.url}/operation/service`);
    await o.getByLabel('售后单号 / 订单号').fill(asNo);
    await o.getByRole('button', { name: '搜索' }).click();
    const opRow = o.getByTestId('list-row').filter({ hasText: asNo });
    // the state is beside the key column, in view on a tablet without scrolling the table
    await expect(opRow).toContainText('已完成');
    const box = await opRow.getByText('已完成').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    await expect(o.getByTestId('list-total')).toHaveText('共 1 条');
    await fits(o, 1024);
    await e2e.shot(o, 'aftersale-operator-list');
    await opRow.getByRole('link', { name: asNo }).click();
    await expect(status(o)).toHaveText('已完成');
    await expect(o.getByText('平台只能关闭进行中的售后')).toBeVisible();
    await e2e.shot(o, 'aftersale-operator-detail');

    for (const p of [buyer, seller, op]) await p.context.close();
  });
});
