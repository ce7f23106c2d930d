/**
 * Activities in the browser (docs/activities.md): the operator creates a 秒杀 on 活动列表, the
 * seller applies a row on 活动报名 (a price not below the everyday price is refused under its
 * field first), the operator approves it on 活动审核, and the buyer buys it on /activity through
 * /activity/order/getinfo and /activity/order/complete: an order at the activity price, the
 * pieces from the activity's reserve. Screenshots at 1366, 1024 and 390: activity-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** unix seconds as the datetime-local value of China time */
const chinaLocal = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 16);

describe('activities', () => {
  it('a buyer buys in an activity a seller applied to and an operator approved', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const [stock] = await q<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 1`);
    // 100 元 every day, 50 pieces, a number the seller finds it by
    await q(`update stock set quantity = 50, supplier_oe = 'MS2024SK01', oe_norm = 'MS2024SK01', price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id = $1`, [stock.id]);
    const now = Math.floor(Date.now() / 1000);

    // the operator creates a 秒杀 running from a minute ago for two hours
    const op = await e2e.operatorPage();
    const opp = op.page;
    await opp.goto(`${e2e.url}/operation/activity/list`);
    await opp.getByRole('button', { name: '创建活动' }).click();
    await opp.locator('#activity-name').fill('刹车片限时秒杀');
    await opp.locator('#activity-start_at').fill(chinaLocal(now - 60));
    await opp.locator('#activity-end_at').fill(chinaLocal(now + 2 * 3600));
    await opp.locator('#activity-per_buyer').fill('3');
    await e2e.shot(opp, 'activity-op-dialog-1024', { view: true });
    await opp.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => opp.getByTestId('op-status').textContent()).toContain('已保存“刹车片限时秒杀”');
    await expect.poll(() => opp.getByRole('row', { name: /刹车片限时秒杀/ }).count()).toBe(1);
    await expect.poll(() => opp.getByRole('row', { name: /刹车片限时秒杀/ }).textContent()).toContain('进行中');
    await shotsAtSizes(e2e, opp, 'activity-op-list', [1024, 768]);

    // the seller applies the row: 100 元 is not below the everyday price, 45 元 is
    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(`${e2e.url}/backend/product/activity`);
    await sp.getByRole('button', { name: '报名活动' }).click();
    const dialog = sp.getByRole('dialog');
    await dialog.locator('.p-dropdown').filter({ has: sp.locator('#activity-apply-activity_id') }).click();
    await sp.getByRole('option', { name: /刹车片限时秒杀/ }).click();
    await sp.locator('#activity-apply-stock_q').fill('MS2024SK01');
    await sp.locator('#activity-apply-stock_q').press('Enter');
    await dialog.locator('.p-dropdown').filter({ has: sp.locator('#activity-apply-stock_id') }).click();
    await sp.getByRole('option', { name: /^MS2024SK01 / }).click();
    await sp.locator('#activity-apply-activity_price_fen').fill('100');
    await sp.locator('#activity-apply-activity_qty').fill('10');
    await dialog.getByRole('button', { name: '提交报名' }).click();
    await expect.poll(() => sp.locator('#activity-apply-activity_price_fen-error').textContent()).toContain('活动价应低于日常价（¥100.00）');
    await sp.locator('#activity-apply-activity_price_fen').fill('45');
    await e2e.shot(sp, 'activity-apply-dialog-1366', { view: true });
    await dialog.getByRole('button', { name: '提交报名' }).click();
    await expect.poll(() => sp.getByTestId('op-status').textContent()).toContain('已报名“刹车片限时秒杀”');
    await expect.poll(() => sp.getByRole('row', { name: /MS2024SK01/ }).textContent()).toContain('待审核');
    await shotsAtSizes(e2e, sp, 'activity-apply', [1366, 900]);

    // the operator approves: the 10 pieces leave the row
    await opp.goto(`${e2e.url}/operation/activity/audit`);
    const row = opp.getByRole('row', { name: /MS2024SK01/ });
    await expect.poll(() => row.count()).toBe(1);
    await shotsAtSizes(e2e, opp, 'activity-op-audit', [1024, 768]);
    await row.getByRole('button', { name: '通过 MS2024SK01' }).click();
    await expect.poll(() => opp.getByTestId('op-status').textContent()).toContain('10件已划入活动库存');
    expect((await q<{ quantity: number }>(`select quantity from stock where id = $1`, [stock.id]))[0].quantity).toBe(40);

    // the buyer finds it on /activity and buys two
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(`${e2e.url}/activity`);
    const card = bp.getByTestId('activity-item').filter({ hasText: 'MS2024SK01' });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('剩 10 件');
    await shotsAtSizes(e2e, bp, 'activity-storefront', [1366, 900]);
    await card.getByRole('link', { name: '抢购 MS2024SK01' }).click();
    await bp.waitForURL((u) => u.pathname === '/activity/order/getinfo');
    await expect.poll(() => bp.getByTestId('activity-total').textContent()).toContain('45.00');
    await bp.getByRole('button', { name: '增加' }).click();
    await expect.poll(() => bp.getByTestId('activity-total').textContent()).toContain('90.00');
    await bp.locator('#activity-order-contact_name').fill('王志强');
    await bp.locator('#activity-order-contact_phone').fill('13800000004');
    await bp.locator('#activity-order-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await shotsAtSizes(e2e, bp, 'activity-getinfo', [1366, 900]);
    await bp.getByRole('button', { name: '提交订单' }).click();
    await bp.waitForURL((u) => u.pathname === '/activity/order/complete');
    await expect.poll(() => bp.getByTestId('activity-order-no').textContent()).toMatch(/^SO\d{20}$/);
    await shotsAtSizes(e2e, bp, 'activity-complete', [1366, 900]);
    const [line] = await q<{ unit_price_fen: number; qty: number; price_column: string }>(
      `select l.unit_price_fen, l.qty, l.price_column from goods_order_line l join goods_order o on o.id = l.order_id where o.buyer_company_id = 3 order by l.id desc limit 1`);
    expect(line).toEqual({ unit_price_fen: 4500, qty: 2, price_column: 'activity' });
    // the pieces came from the reserve, not the row
    expect((await q<{ quantity: number }>(`select quantity from stock where id = $1`, [stock.id]))[0].quantity).toBe(40);
    expect((await q<{ sold: number }>(`select sold from activity_item where stock_id = $1`, [stock.id]))[0].sold).toBe(2);
    await bp.goto(`${e2e.url}/activity`);
    await expect.poll(() => card.textContent()).toContain('剩 8 件');
  }, 480_000);
});
