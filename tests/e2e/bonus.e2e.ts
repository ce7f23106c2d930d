/**
 * Browser end-to-end for the performance bonus (docs/bonus.md): the operator sets the bands on
 * 奖励设置 (overlapping bands are refused on the page, naming the band); a seller's completed order
 * of a row marked in 业绩设置 shows on 本月业绩 with its band and bonus; the month then ends (the
 * test moves the order and the rule a month back, as the clock would) and the operator settles it
 * on 历史结算; the seller sees the settled month on 财务 · 业绩奖励 and the bonus in its wallet.
 * Screenshots: bonus-setting-<w>, bonus-current-<w>, bonus-history-<w> (1366/1024/390),
 * bonus-seller-1366, bonus-seller-390.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, noSideScroll, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const call = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => apiCall<T>(e2e.url, token, method, path, body);
const tokenOf = (username: string) => apiToken(e2e.url, username);

/** The China month of now and the one before (YYYY-MM). */
const months = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  const now = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return { now, prev: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}` };
};

let o: Page;
let orderNo = '';

describe('performance bonus', () => {
  it('the operator sets the bands; overlapping bands are refused naming the band', async () => {
    o = (await e2e.operatorPage()).page;
    await o.goto(`${e2e.url}/operation/encouragement/setting`);
    await o.getByText('还没有奖励规则').waitFor();
    await o.getByRole('button', { name: '新增奖励规则' }).click();
    const dialog = o.getByRole('dialog');
    await expect(dialog.getByLabel('生效月份')).toHaveValue(months().now);
    await dialog.getByLabel('奖励档位').fill('0-1000 0%\n800- 2%');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('第2档与第1档重叠：第2档应从 ¥1,000.00 起')).toBeVisible();
    await dialog.getByLabel('奖励档位').fill('0-1000 0%\n1000- 2%');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(o.getByTestId('op-status')).toHaveText(`奖励规则已保存：${months().now} 起按新档位计算`);
    await expect(o.getByText('第2档 ¥1,000.00 – 不设上限：奖励 2%').first()).toBeVisible();
    await expect(o.getByText('当前生效').first()).toBeVisible();
    await shotsAtSizes(e2e, o, 'bonus-setting', [1024, 768]);
  });

  it("the seller's completed order of a flagged row shows on 本月业绩 with its band and bonus", async () => {
    const [buyerT, sellerT] = [await tokenOf('buyer'), await tokenOf('seller')];
    const { rows: [pick] } = await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' and quantity > 0 order by id limit 1`);
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 150000, price1 = 150000, price2 = 150000, price3 = 150000, price99 = 150000, price5 = null where id = $1`, [pick.id]);
    await call(sellerT, 'PUT', '/stock/performance', { id: pick.id, performance: true, province_ids: [] });
    await call(buyerT, 'POST', '/cart/add', { stock_id: pick.id, qty: 1 });
    const cart = await call<{ groups: Array<{ items: Array<{ id: number; stockId: number | null; amount: number }> }> }>(buyerT, 'GET', '/cart');
    const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === pick.id);
    const placed = await call<{ orders: Array<{ order_no: string }> }>(buyerT, 'POST', '/cart/submit', {
      cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0),
      contact_name: '王志强', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号',
    });
    orderNo = placed.orders[0].order_no;
    await call(sellerT, 'POST', '/order/confirm', { order_no: orderNo });
    await call(sellerT, 'POST', '/order/offline-payment', { order_no: orderNo, pay_method: '银行转账' });
    await call(sellerT, 'POST', '/order/deliver', { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: 'SF20261129001' });
    await call(buyerT, 'POST', '/order/receipt', { order_no: orderNo });

    await o.goto(`${e2e.url}/operation/encouragement/currentMonth`);
    const row = o.getByRole('row', { name: /广州骏达汽车配件有限公司/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('第2档 2%');
    await expect(row).toContainText('已达最高档');
    await expect(o.getByTestId('bonus-rule')).toContainText(`${months().now} 奖励规则`);
    await noSideScroll(o);
    await shotsAtSizes(e2e, o, 'bonus-current', [1024, 768]);
  });

  it('after the month ends the operator settles it; the seller sees the month and the bonus in its wallet', async () => {
    // the month ends: the rule and this seller's completed orders move a month back, as the clock would have it
    const { prev } = months();
    await e2e.pglite.query(`update bonus_rule set effective_month = $1`, [prev]);
    await e2e.pglite.query(`update goods_order set completed_at = $1 where seller_company_id = 2 and status = 'completed' and completed_at >= $2`, [`${prev}-15T04:00:00Z`, `${months().now}-01T00:00:00+08:00`]);

    await o.goto(`${e2e.url}/operation/encouragement/history`);
    await o.getByText('还没有结算过的月份').waitFor();
    await o.getByRole('button', { name: '结算', exact: true }).click();
    const dialog = o.getByRole('dialog');
    await expect(dialog.getByLabel('结算月份')).toHaveValue(prev);
    await dialog.getByRole('button', { name: '确认结算' }).click();
    await expect(o.getByTestId('op-status')).toContainText(`${prev} 已结算`);
    const { rows: [settled] } = await e2e.pglite.query<{ bonus_fen: string }>(`select bonus_fen from bonus_settlement where company_id = 2 and month = $1`, [prev]);
    const bonus = `¥${(Number(settled.bonus_fen) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`;
    expect(Number(settled.bonus_fen)).toBeGreaterThanOrEqual(3000);
    const row = o.getByRole('row', { name: /广州骏达汽车配件有限公司/ });
    await expect(row).toContainText(bonus);
    // settling again pays nothing twice
    await o.getByRole('button', { name: '结算', exact: true }).click();
    await o.getByRole('dialog').getByRole('button', { name: '确认结算' }).click();
    await expect(o.getByTestId('op-status')).toContainText('不会重复发放');
    await shotsAtSizes(e2e, o, 'bonus-history', [1024, 768]);

    const s = (await e2e.newPage()).page;
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/accounting/bonus`);
    await expect(s.getByRole('heading', { name: '业绩奖励' })).toBeVisible();
    const months_ = s.getByRole('list', { name: '已结算月份' });
    await expect(months_).toContainText(prev);
    await expect(months_).toContainText(bonus);
    await expect(months_).toContainText('已记入钱包');
    await noSideScroll(s);
    await e2e.shot(s, 'bonus-seller-1366');
    await s.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(s);
    await e2e.shot(s, 'bonus-seller-390');
    await s.setViewportSize({ width: 1366, height: 900 });
    await s.goto(`${e2e.url}/backend/accounting/wallet`);
    await expect(s.getByText('业绩奖励').first()).toBeVisible();
    // the page's own reads end before the server closes
    await s.waitForLoadState('networkidle');
  });
});
