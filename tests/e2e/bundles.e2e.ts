/**
 * 组合套装 in the browser (docs/activities.md "组合套装"): the seller puts two rows into a bundle on
 * 活动报名 (a price that saves nothing is refused under its field first), the operator approves it
 * on 活动审核, and the buyer buys one bundle on /activity through /activity/order/getinfo: one
 * order of both rows at the everyday price less the bundle's saving, which its page shows.
 * Screenshots at 1366, 1024 and 390: bundle-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('bundles', () => {
  it('a buyer buys a bundle a seller applied and an operator approved', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const [a, b] = await q<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 2`);
    // 100 元 and 300 元 every day, numbers the seller finds them by
    await q(`update stock set quantity = 50, supplier_oe = 'MSBD01', oe_norm = 'MSBD01', name = '刹车片', price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id = $1`, [a.id]);
    await q(`update stock set quantity = 50, supplier_oe = 'MSBD02', oe_norm = 'MSBD02', name = '刹车盘', price0 = 30000, price1 = 30000, price2 = 30000, price3 = 30000, price99 = 30000, price5 = null where id = $1`, [b.id]);
    // the operator's bundle activity, running from a minute ago for two hours (its dialog is the 秒杀 one's, tested in activities.e2e)
    const now = Math.floor(Date.now() / 1000);
    await q(`insert into activity (name, kind, start_at, end_at, per_buyer, created_at, updated_at) values ('保养组合套装', 'bundle', to_timestamp($1), to_timestamp($2), 2, now(), now())`, [now - 60, now + 7200]);

    // the seller: 2 × MSBD01 + 1 × MSBD02 (500 元 every day); 500 元 saves nothing, 450 元 does
    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(`${e2e.url}/backend/product/activity`);
    await sp.getByRole('button', { name: '报名活动' }).click();
    const dialog = sp.getByRole('dialog');
    await dialog.locator('.p-dropdown').filter({ has: sp.locator('#activity-apply-activity_id') }).click();
    await sp.getByRole('option', { name: /保养组合套装/ }).click();
    await sp.locator('#activity-apply-stock_q').fill('MSBD');
    await sp.locator('#activity-apply-stock_q').press('Enter');
    for (const [n, oe, qty] of [[0, 'MSBD01', '2'], [1, 'MSBD02', '1']] as const) {
      await dialog.locator('.p-dropdown').filter({ has: sp.locator(`#activity-apply-lines-${n}-stock_id`) }).click();
      await sp.getByRole('option', { name: new RegExp(`^${oe} `) }).click();
      await sp.locator(`#activity-apply-lines-${n}-qty`).fill(qty);
    }
    await sp.locator('#activity-apply-bundle_price_fen').fill('500');
    await sp.locator('#activity-apply-bundle_qty').fill('5');
    await dialog.getByRole('button', { name: '提交报名' }).click();
    await expect.poll(() => sp.locator('#activity-apply-bundle_price_fen-error').textContent()).toContain('套装价应低于各配件日常价×数量之和（¥500.00）');
    await sp.locator('#activity-apply-bundle_price_fen').fill('450');
    await e2e.shot(sp, 'bundle-apply-dialog-1366', { view: true });
    await dialog.getByRole('button', { name: '提交报名' }).click();
    await expect.poll(() => sp.getByTestId('op-status').textContent()).toContain('2种配件组合套装，套装价¥450.00，5套');
    await shotsAtSizes(e2e, sp, 'bundle-apply', [1366, 900]);

    // the operator approves: 10 and 5 pieces leave the rows
    const op = await e2e.operatorPage();
    const opp = op.page;
    await opp.goto(`${e2e.url}/operation/activity/audit`);
    const row = opp.getByRole('row', { name: /MSBD01/ });
    await expect.poll(() => row.textContent()).toContain('MSBD02');
    await row.getByRole('button', { name: '通过 MSBD01' }).click();
    await expect.poll(() => opp.getByTestId('op-status').textContent()).toContain('5套已划入活动库存');
    expect((await q<{ quantity: number }>(`select quantity from stock where id = any($1) order by id`, [[a.id, b.id]])).map((r) => r.quantity)).toEqual([40, 45]);

    // the buyer buys one bundle on /activity
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(`${e2e.url}/activity`);
    const card = bp.getByTestId('activity-item').filter({ hasText: 'MSBD02' });
    await expect(card).toContainText('剩 5 套');
    await expect(card).toContainText('省¥50.00');
    await shotsAtSizes(e2e, bp, 'bundle-storefront', [1366, 900]);
    await card.getByRole('link', { name: '购买套装 MSBD01' }).click();
    await bp.waitForURL((u) => u.pathname === '/activity/order/getinfo');
    await expect(bp.getByTestId('activity-total')).toContainText('450.00');
    await expect(bp.getByTestId('activity-saved')).toContainText('50.00');
    await bp.locator('#activity-order-contact_name').fill('王志强');
    await bp.locator('#activity-order-contact_phone').fill('13800000004');
    await bp.locator('#activity-order-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await shotsAtSizes(e2e, bp, 'bundle-getinfo', [1366, 900]);
    await bp.getByRole('button', { name: '提交订单' }).click();
    await bp.waitForURL((u) => u.pathname === '/activity/order/complete');
    await bp.getByRole('link', { name: '查看订单' }).click();
    await expect(bp.getByTestId('order-reduction')).toContainText('组合套装节省');
    await expect(bp.getByTestId('order-reduction')).toContainText('50.00');
    await shotsAtSizes(e2e, bp, 'bundle-order', [1366, 900]);
    const lines = await q<{ qty: number; unit_price_fen: number; reduction_fen: string }>(
      `select l.qty, l.unit_price_fen, l.reduction_fen from goods_order_line l join goods_order o on o.id = l.order_id where o.buyer_company_id = 3 and l.price_column = 'activity' order by l.id`);
    expect(lines.map((l) => [l.qty, l.unit_price_fen, Number(l.reduction_fen)])).toEqual([[2, 10000, 2000], [1, 30000, 3000]]);
  }, 240_000);
});
