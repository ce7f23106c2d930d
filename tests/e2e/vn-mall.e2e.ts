/**
 * 越南商城 in the browser (docs/overseas.md "The Vietnam mall"): the seller offers a row on
 * 越南商城选品 (a dong price with decimals refused under its field, then a markup), the Vietnamese
 * buyer vnbuyer finds it on /vnmall, adds it to the cart, and places the order in dong after the
 * rate changed (the new total shown and confirmed), then pays two mall orders from the dong wallet
 * in Vietnamese at 1366 and at 390 (docs/money.md "Paying a mall order in dong"); the seller and
 * the operator see them paid with both amounts; the mall read in Chinese by a user who chose it.
 * Screenshots at 1366, 1024 and 390: test-results/screenshots/vn-selector-*.png, vn-mall-*.png
 * (Vietnamese), vn-mall-zh-*.png and vn-pay-*.png.
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
  // the Vietnamese buyer reads the mall in Vietnamese (docs/i18n.md); a Chinese reading of it below
  await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'vnbuyer'`);
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
    await page.getByRole('textbox', { name: 'Mã OE hoặc tên' }).fill(oe);
    await page.locator('form.vn-search').getByRole('button', { name: 'Tìm kiếm', exact: true }).click();
    await expect(page.getByTestId('vn-results')).toContainText(oe);
    await page.getByRole('button', { name: `Thêm vào giỏ ${oe}` }).first().click();
    await expect(page.getByTestId('vn-note')).toContainText(`Đã thêm vào giỏ: ${oe} × 1`);
    const before = await page.getByTestId('vn-total').innerText();
    expect(before).toMatch(/^₫ [\d.]+$/);
    // the page's own check, under its field in Vietnamese
    await page.getByRole('button', { name: /^Đặt hàng ₫/ }).click();
    await expect(page.getByRole('radiogroup', { name: 'Phương thức giao hàng' }).getByRole('alert')).toHaveText('Vui lòng chọn phương thức giao hàng');
    await page.getByText('Giao tới đơn vị vận chuyển', { exact: true }).click();
    await page.locator('#vn-name').fill('Nguyễn Văn An');
    await page.locator('#vn-phone').fill('0912345678');
    await page.locator('#vn-address').fill('215 Lý Thường Kiệt, Phường Phú Thọ');
    // the refusals go as the buyer fills the fields
    await expect(page.getByTestId('vn-cart').getByRole('alert')).toHaveCount(0);
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-mall', [1366, 900], { fitFrom: 390 });
    // the operators publish another rate while the page shows the old total
    await e2e.pglite.query(`update exchange_rate set rate_value = 3700, updated_at = now() where to_curr_code = 'VND'`);
    await page.getByRole('button', { name: /^Đặt hàng ₫/ }).click();
    // the server's refusal (written side by side for API callers) read in Vietnamese, the new total by Intl
    await expect(page.getByTestId('vn-changed')).toHaveText(/^Tỷ giá hoặc giá đã thay đổi, tổng thanh toán mới là ₫ [\d.]+, vui lòng xác nhận rồi đặt hàng$/);
    await expect(page.getByTestId('vn-total')).not.toHaveText(before);
    const { rows: [{ n: none }] } = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from vn_order`);
    expect(none).toBe(0);
    await page.getByRole('button', { name: /^Xác nhận tổng mới và đặt hàng ₫/ }).click();
    await expect(page.getByTestId('vn-placed')).toContainText('Đã đặt hàng: SO');
    const { rows: [o] } = await e2e.pglite.query<{ rate: string; term: string }>(`select rate_value::text as rate, delivery_term as term from vn_order order by order_id desc limit 1`);
    expect([Number(o.rate), o.term]).toEqual([3700, 'forwarder']);
    await context.close();
  });

  it('a user of the Vietnamese company who chose Chinese reads the mall in Chinese only', async () => {
    await e2e.pglite.query(`update app_user set lang = 'zh' where username = 'vnbuyer'`);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await open(page, '/vnmall');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('越南商城');
    await page.getByRole('textbox', { name: 'OE号或名称' }).fill(oe);
    await page.locator('form.vn-search').getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByTestId('vn-results')).toContainText(oe);
    await page.getByRole('button', { name: `加入购物车 ${oe}` }).first().click();
    await expect(page.getByTestId('vn-note')).toHaveText(`已加入购物车：${oe} × 1`);
    // the server's side-by-side refusal shows its Chinese side only
    await page.getByRole('textbox', { name: `数量 ${oe}` }).first().fill('999');
    await page.getByRole('button', { name: `加入购物车 ${oe}` }).first().click();
    await expect(page.getByTestId('vn-note')).toHaveText(/^\S+ 越南可售数量只有 \d+$/);
    await expect(page.getByRole('radiogroup', { name: '交货方式' })).toContainText('送到货代');
    await expect(page.locator('.vn-mall')).not.toContainText('Vietnam Mall');
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-mall-zh', [1366, 900], { fitFrom: 390 });
    await page.getByRole('button', { name: `删除 ${oe}` }).click();
    await expect(page.getByTestId('vn-cart')).toContainText('购物车是空的');
    await context.close();
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'vnbuyer'`);
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
