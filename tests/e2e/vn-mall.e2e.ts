/**
 * 越南商城 in the browser (docs/overseas.md "The Vietnam mall"): the seller offers a row on
 * 越南商城选品 (a dong price with decimals refused under its field, then a markup), the Vietnamese
 * buyer vnbuyer finds it on /vnmall, adds it to the cart, and places the order in dong after the
 * rate changed (the new total shown and confirmed), then pays two mall orders from the dong wallet
 * in Vietnamese at 1366 and at 390 (docs/money.md "Paying a mall order in dong"); the seller and
 * the operator see them paid with both amounts. Screenshots at 1366, 1024 and 390:
 * test-results/screenshots/vn-selector-*.png, vn-mall-*.png and vn-pay-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, docFits, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
let oe = '';
beforeAll(async () => {
  e2e = await startE2E();
  // the rate of today's China day (the seed's may be of an earlier day when the run crosses midnight)
  await e2e.pglite.query(`update exchange_rate set rate_value = 3600, updated_at = now() where to_curr_code = 'VND'`);
  const { rows: [row] } = await e2e.pglite.query<{ supplier_oe: string; id: number }>(
    `select supplier_oe, id from stock where company_id = 2 and state = 'on' and quantity >= 5 and price1 > 0
       and not exists (select 1 from vn_offer o where o.stock_id = stock.id) order by id limit 1`);
  oe = row.supplier_oe;
  // the mall's own words are in Chinese and Vietnamese side by side; the page around it stays in Chinese here
  await e2e.pglite.query(`update app_user set lang = 'zh' where username = 'vnbuyer'`);
});
afterAll(async () => e2e?.close());

const open = async (page: Page, path: string) => {
  await page.goto(`${e2e.url}${path}`);
  await page.waitForLoadState('networkidle');
};
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the Vietnam mall', () => {
  it('the seller offers a row: decimals in dong are refused, a markup is saved with its dong price', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await open(page, `/backend/overseas/vnSelector?keyword=${encodeURIComponent(oe)}`);
    await expect(page.getByTestId('vn-rate')).toContainText('3600');
    await page.getByRole('button', { name: new RegExp(`^上架 ${esc(oe)}$`) }).first().click();
    await page.locator('#vn-price').fill('250000.5');
    await page.locator('#vn-qty').fill('5');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('#vn-price-error')).toHaveText('越南盾价格须为正整数（越南盾没有小数）');
    await page.getByText('按批发价(含税)加价').click();
    await page.locator('#vn-markup').fill('10');
    await expect(page.getByTestId('vn-preview')).toContainText('₫');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('vn-status')).toContainText('已保存 1 行的越南商城条件');
    await expect(page.getByRole('button', { name: new RegExp(`^修改 ${esc(oe)}$`) }).first()).toBeVisible();
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-selector', [1366, 900], { fitFrom: 1024 });
    await context.close();
  });

  it('the Vietnamese buyer finds it in dong, and places the order after confirming the total of a new rate', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await open(page, '/vnmall');
    await expect(page.getByTestId('vn-rate')).toContainText('3600');
    await page.getByRole('textbox', { name: 'OE号或名称 · Mã OE hoặc tên' }).fill(oe);
    await page.getByRole('button', { name: '搜索 · Tìm' }).click();
    await expect(page.getByTestId('vn-results')).toContainText(oe);
    await page.getByRole('button', { name: `加入购物车 ${oe}` }).first().click();
    await expect(page.getByTestId('vn-note')).toContainText('已加入购物车');
    const before = await page.getByTestId('vn-total').innerText();
    await page.getByText('送到货代 · Giao tới đơn vị vận chuyển').click();
    await page.locator('#vn-name').fill('Nguyễn Văn An');
    await page.locator('#vn-phone').fill('0912345678');
    await page.locator('#vn-address').fill('215 Lý Thường Kiệt, Phường Phú Thọ');
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-mall', [1366, 900], { fitFrom: 390 });
    // the operators publish another rate while the page shows the old total
    await e2e.pglite.query(`update exchange_rate set rate_value = 3700, updated_at = now() where to_curr_code = 'VND'`);
    await page.getByRole('button', { name: /^下单 · Đặt hàng/ }).click();
    await expect(page.getByTestId('vn-changed')).toContainText('新的应付总额');
    await expect(page.getByTestId('vn-total')).not.toHaveText(before);
    const { rows: [{ n: none }] } = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from vn_order`);
    expect(none).toBe(0);
    await page.getByRole('button', { name: /^确认新总额并下单/ }).click();
    await expect(page.getByTestId('vn-placed')).toContainText('已下单');
    const { rows: [o] } = await e2e.pglite.query<{ rate: string; term: string }>(`select rate_value::text as rate, delivery_term as term from vn_order order by order_id desc limit 1`);
    expect([Number(o.rate), o.term]).toEqual([3700, 'forwarder']);
    await context.close();
  });

  it('the seller reads the order in Chinese with both amounts', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await open(page, '/backend/overseas/vietnamMall');
    await expect(page.getByRole('table')).toContainText('送到货代');
    await expect(page.getByRole('table')).toContainText('¥');
    await expect(page.getByRole('table')).toContainText('₫');
    await expect(page.getByRole('table')).toContainText('3700');
    await e2e.shot(page, 'vn-mall-seller-1366');
    await context.close();
  });

  it('vnbuyer pays two mall orders from the dong wallet in Vietnamese, at 1366 and 390; seller and operator see them paid in both currencies', { timeout: 240_000 }, async () => {
    // prepared through the API: dong in the wallet (a sandbox recharge) and a second order of the same row
    const token = await apiToken(e2e.url, 'vnbuyer');
    const r = await apiCall<{ checkout_url: string }>(e2e.url, token, 'POST', '/vn-wallet/recharge', { amount_dong: 50_000_000 });
    await apiCall(e2e.url, token, 'POST', '/pay/sandbox/confirm', { token: new URL(r.checkout_url, e2e.url).searchParams.get('token'), action: 'pay' });
    const { rows: [row] } = await e2e.pglite.query<{ id: number }>(`select id from stock where supplier_oe = $1 and company_id = 2 order by id limit 1`, [oe]);
    await apiCall(e2e.url, token, 'POST', '/vn-mall/cart', { stock_id: row.id, qty: 1 });
    const cart = await apiCall<{ total_dong: number }>(e2e.url, token, 'GET', '/vn-mall/cart');
    await apiCall(e2e.url, token, 'POST', '/vn-mall/checkout', { expected_total_dong: cart.total_dong, delivery_term: 'door', contact_name: 'Nguyễn Văn An', contact_phone: '0912345678', address: '215 Lý Thường Kiệt, Phường Phú Thọ' });
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'vnbuyer'`);

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await open(page, '/vnmall');
    const orders = page.getByTestId('vn-orders');
    await expect(orders).toContainText('Đơn hàng Vietnam Mall của tôi');
    await expect(page.getByTestId('vn-pay-rate')).toContainText('3700');
    const pays = orders.getByRole('button', { name: /^Thanh toán/ });
    await expect(pays).toHaveCount(2);
    await pays.first().click();
    await expect(page.getByTestId('vn-pay-note')).toContainText('Đã thanh toán');
    await expect(pays).toHaveCount(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await pays.first().scrollIntoViewIfNeeded();
    await pays.first().click();
    await expect(pays).toHaveCount(0);
    await expect(orders.getByTestId('vn-order-paid')).toHaveCount(2);
    await orders.scrollIntoViewIfNeeded();
    await shotsAtSizes(e2e, page, 'vn-pay', [1366, 900], { fitFrom: 390 });
    await context.close();

    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await open(seller.page, '/backend/overseas/vietnamMall');
    await expect(seller.page.getByTestId('vn-order-pay').first()).toContainText('越南盾钱包');
    await expect(seller.page.getByTestId('vn-order-pay').first()).toContainText('¥');
    await e2e.shot(seller.page, 'vn-pay-seller-1366');
    await seller.context.close();

    const op = await e2e.newPage();
    await e2e.signIn(op.page, '/login', 'operator');
    await open(op.page, '/operation/foreign/order');
    await expect(op.page.getByRole('table')).toContainText('汇率 3700');
    await e2e.shot(op.page, 'vn-pay-operator-1366');
    await op.context.close();
  });
});
