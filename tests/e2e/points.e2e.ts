/**
 * Browser end-to-end for points (docs/points.md): the operator lists a points product on
 * 积分商品; the buyer confirms receipt of a paid order in the browser and its points appear on
 * 我的积分; the buyer redeems the product there (too few points for a second is refused on the page);
 * the operator ships the redemption from 兑换订单 and sees the company's balance on 企业积分; the
 * phone page /ofo/points fits 390 px. Screenshots: points-<width> (1366/1024/390), points-ofo-390,
 * points-product-1024, points-order-1024, points-company-1024.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, noSideScroll, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** A call of the API as a signed-in user (the order's preparation, which the orders test covers in the browser). */
const call = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => apiCall<T>(e2e.url, token, method, path, body);
const tokenOf = (username: string) => apiToken(e2e.url, username);

const balanceOf = (page: Page) => page.getByTestId('points-balance');

let o: Page;
let b: Page;
let before = 0;

describe('points', () => {
  it('the operator lists a points product; a buyer earns points on confirming receipt of a paid order', async () => {
    // the operator lists a product of 100 points
    o = (await e2e.operatorPage()).page;
    await o.goto(`${e2e.url}/operation/points/product`);
    await o.getByText('还没有积分商品').waitFor();
    await o.getByRole('button', { name: '新增' }).click();
    const dialog = o.getByRole('dialog');
    await dialog.getByLabel('商品名称').fill('汽配汇定制保温杯');
    await dialog.getByLabel('所需积分').fill('0');
    await dialog.getByLabel('库存').fill('5');
    await dialog.getByRole('button', { name: '保存' }).click();
    // a refusal names the field beside it, in Chinese
    await expect(dialog.getByText(/所需积分应为 1–/)).toBeVisible();
    await dialog.getByLabel('所需积分').fill('100');
    await dialog.getByLabel('商品说明').fill('304不锈钢，500ml，印汽配汇标志');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(o.getByTestId('op-status')).toHaveText('已保存：汽配汇定制保温杯（100 积分，库存 5）');
    await noSideScroll(o);
    await e2e.shot(o, 'points-product-1024');

    // a paid, shipped order of 150 yuan (1 point a yuan by default)
    const { rows: [pick] } = await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' and quantity > 0 order by id limit 1`);
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 15000, price1 = 15000, price2 = 15000, price3 = 15000, price99 = 15000, price5 = null where id = $1`, [pick.id]);
    const [buyerT, sellerT] = [await tokenOf('buyer'), await tokenOf('seller')];
    await call(buyerT, 'POST', '/cart/add', { stock_id: pick.id, qty: 1 });
    const cart = await call<{ groups: Array<{ items: Array<{ id: number; stockId: number | null; amount: number }> }> }>(buyerT, 'GET', '/cart');
    const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === pick.id);
    const placed = await call<{ orders: Array<{ order_no: string }> }>(buyerT, 'POST', '/cart/submit', {
      cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0),
      contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号',
    });
    const no = placed.orders[0].order_no;
    await call(sellerT, 'POST', '/order/confirm', { order_no: no });
    await call(sellerT, 'POST', '/order/offline-payment', { order_no: no, pay_method: '银行转账' });
    await call(sellerT, 'POST', '/order/deliver', { order_no: no, logistics_company: '顺丰速运', logistics_no: 'SF20261122001' });

    // the buyer's points before, then 确认收货 in the browser completes the order
    b = (await e2e.newPage()).page;
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/points`);
    before = Number(await balanceOf(b).innerText());
    await b.goto(`${e2e.url}/backend/order/detail/${no}`);
    await b.locator('.order-actions').getByRole('button', { name: '确认收货' }).click();
    const confirm = b.getByRole('dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '确认收货' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(b.getByText('已完成').first()).toBeVisible();

    await b.goto(`${e2e.url}/points`);
    await expect(balanceOf(b)).toHaveText(String(before + 150));
    await b.getByRole('button', { name: '积分明细' }).click();
    await expect(b.getByRole('region', { name: '积分明细' }).getByText('+150')).toBeVisible();
  }, 240_000);

  it('the buyer redeems the product on 我的积分: a bad field is named beside it, then points and stock go down', async () => {
    await b.getByRole('button', { name: '积分商城' }).click();

    // redeem the cup: 100 points off, the stock one less
    await b.getByRole('button', { name: '兑换 汽配汇定制保温杯' }).click();
    const redeem = b.getByRole('dialog');
    await redeem.getByLabel('数量（1–5）').fill('1');
    await redeem.getByLabel('收货人').fill('王志强');
    await redeem.getByLabel('联系电话').fill('138');
    await redeem.getByRole('button', { name: /确认兑换/ }).click();
    // a wrong phone number is named beside its field and nothing is spent
    await expect(redeem.locator('#redeem-contact_phone-error')).toBeVisible();
    await expect(balanceOf(b)).toHaveText(String(before + 150));
    await redeem.getByLabel('联系电话').fill('13800000004');
    await redeem.getByLabel('收货地址').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await redeem.getByRole('button', { name: /确认兑换/ }).click();
    await expect(b.getByTestId('redeem-done')).toContainText('兑换成功：汽配汇定制保温杯 × 1，用去 100 积分');
    await expect(balanceOf(b)).toHaveText(String(before + 50));
    await expect(b.getByRole('listitem', { name: '汽配汇定制保温杯' })).toContainText('库存 4');
    await shotsAtSizes(e2e, b, 'points', [1366, 900]);

    // the redemption is listed as 待发货
    await b.getByRole('button', { name: '兑换记录' }).click();
    const record = b.getByRole('region', { name: '兑换记录' });
    await expect(record.getByText('待发货', { exact: true })).toBeVisible();
  }, 240_000);

  it('the operator ships the redemption from 兑换订单; the buyer sees it shipped; 企业积分 shows the company', async () => {

    // the operator ships it; the buyer sees 已发货 and the logistics
    await o.goto(`${e2e.url}/operation/points/order`);
    await o.getByRole('button', { name: /^发货 PR/ }).first().click();
    const ship = o.getByRole('dialog');
    await ship.getByLabel('物流公司').fill('顺丰速运');
    await ship.getByLabel('物流单号').fill('SF100200300');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(o.getByTestId('op-status')).toContainText('已发货');
    await e2e.shot(o, 'points-order-1024');
    await b.reload();
    await b.getByRole('button', { name: '兑换记录' }).click();
    await expect(b.getByRole('region', { name: '兑换记录' }).getByText('已发货：顺丰速运 SF100200300')).toBeVisible();

    await o.goto(`${e2e.url}/operation/points/company`);
    await expect(o.getByText('上海申通汽车维修服务有限公司').first()).toBeVisible();
    await e2e.shot(o, 'points-company-1024');
  }, 240_000);

  it('the phone page fits 390 px', async () => {
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = phone.page;
    await e2e.signIn(p, '/login', 'buyer');
    await p.goto(`${e2e.url}/ofo/points`);
    await expect(balanceOf(p)).toBeVisible();
    await expect(p.getByRole('listitem', { name: '汽配汇定制保温杯' })).toBeVisible();
    await noSideScroll(p);
    await e2e.shot(p, 'points-ofo-390');
    await phone.context.close();
  }, 240_000);
});
