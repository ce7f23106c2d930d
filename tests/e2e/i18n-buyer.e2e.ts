/**
 * The rest of the buyer's side in Vietnamese (docs/i18n.md, "Converted so far"): the order's and the
 * after-sale's move dialogs (确认收货, 撤销申请), an enquiry's cards in the chat window and in /im, and
 * the message assistant's notices of the order and the quote (the chat window and /im), and
 * the phone's enquiries, addresses, invoices and points pages, and the Vietnam mall /vnmall of the
 * Vietnamese buyer (search, results, the cart, checkout and the rate-changed confirmation), each
 * with no Chinese character outside user data at 1366 and 390 px. The data (a shipped order with an after-sale, an enquiry the seller
 * quoted) is made through the API. Screenshots: i18n-buyer-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken, startE2E, type E2E } from './harness';
import { allVietnamese as allVietnameseAt, chineseLeft } from './vietnamese';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const allVietnamese = (page: Page, name: string) => allVietnameseAt(page, name, { e2e, prefix: 'i18n-buyer' });

/** The assistant's notices of the order and the quote in Vietnamese (features/im/notice-text.ts): titles, money by Intl, the order's number kept. */
const noticesInVietnamese = async (scope: Locator, orderNo: string) => {
  const confirmed = scope.locator('[data-notice="im_order_confirm"]').last();
  await expect(confirmed).toContainText('Đơn hàng đã được xác nhận');
  await expect(confirmed).toContainText(`đã xác nhận đơn hàng ${orderNo} của bạn, thành tiền CN¥ 160,00.`);
  await expect(confirmed.locator('.biz-card-text [data-user-text]').filter({ hasText: orderNo })).toHaveCount(1);
  await expect(scope.locator('[data-notice="im_order_deliver"]').last()).toContainText('vận chuyển: 顺丰速运 SF20261130001.');
  await expect(scope.locator('[data-notice="im_order_pay"]').last()).toContainText(`thanh toán CN¥ 160,00 cho đơn hàng ${orderNo} (Chuyển khoản ngân hàng).`);
  await expect(scope.locator('[data-notice="im_quote"]').last()).toContainText('Đã nhận báo giá');
  await expect(scope.locator('[data-notice="im_quote"]').last()).toContainText('CN¥ 230,00');
};

describe('the rest of the buyer\'s side in Vietnamese', () => {
  it('the move dialogs, the enquiry cards in chat, and the phone\'s enquiries, addresses, invoices and points have no Chinese left', async () => {
    // a shipped order with an after-sale, and an enquiry the seller quoted, through the API
    const [buyerT, sellerT] = [await apiToken(e2e.url, 'buyer'), await apiToken(e2e.url, 'seller')];
    const { rows: [pick] } = await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' and quantity > 0 order by id desc limit 1`);
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 8000, price1 = 8000, price2 = 8000, price3 = 8000, price99 = 8000, price5 = null where id = $1`, [pick.id]);
    const { rows: [{ id: buyerId }] } = await e2e.pglite.query<{ id: number }>(`select id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`delete from cart_item where user_id = $1`, [buyerId]);
    await apiCall(e2e.url, buyerT, 'POST', '/cart/add', { stock_id: pick.id, qty: 2 });
    const cart = await apiCall<{ groups: Array<{ items: Array<{ id: number; stockId: number | null; amount: number }> }> }>(e2e.url, buyerT, 'GET', '/cart');
    const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === pick.id);
    const placed = await apiCall<{ orders: Array<{ order_no: string }> }>(e2e.url, buyerT, 'POST', '/cart/submit', {
      cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((sum, i) => sum + i.amount, 0),
      contact_name: 'Trần Thị Bình', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号',
    });
    const orderNo = placed.orders[0].order_no;
    await apiCall(e2e.url, sellerT, 'POST', '/order/confirm', { order_no: orderNo });
    await apiCall(e2e.url, sellerT, 'POST', '/order/deliver', { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: 'SF20261130001' });
    await apiCall(e2e.url, sellerT, 'POST', '/order/offline-payment', { order_no: orderNo, pay_method: '银行转账', note: '' });
    const order = await apiCall<{ lines: Array<{ id: number }> }>(e2e.url, buyerT, 'GET', `/order?order_no=${orderNo}`);
    const applied = await apiCall<{ as_no: string }>(e2e.url, buyerT, 'POST', '/aftersale/apply', {
      order_no: orderNo, type: 'refund', reason: '发错货', description: '型号不对', lines: [{ order_line_id: order.lines[0].id, qty: 1 }],
    });
    const enquiry = await apiCall<{ id: number; lines: Array<{ id: number }> }>(e2e.url, buyerT, 'POST', '/enquiry/add', {
      lines: [{ oe: '1K0698151', name: '前刹车片', qty: 2, quality: '品牌件' }], seller_ids: [2], note: '',
    });
    await apiCall(e2e.url, sellerT, 'POST', '/quote/submit', { enquiry_id: enquiry.id, line_id: enquiry.lines[0].id, price: 23000, brand: '博世', quality: '品牌件', note: '现货' });
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'buyer'`);

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    // 确认收货 on the order's page, and 撤销申请 on the after-sale's: the dialogs open, nothing sent
    await page.goto(`${e2e.url}/backend/order/detail/${orderNo}`);
    await page.getByRole('button', { name: 'Xác nhận đã nhận hàng', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Vui lòng xác nhận đã nhận đủ phụ tùng.');
    await allVietnamese(page, 'order-receipt');
    await page.goto(`${e2e.url}/backend/service/afterSale/detail/${applied.as_no}`);
    await page.getByRole('button', { name: 'Rút yêu cầu', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Lý do rút yêu cầu');
    await allVietnamese(page, 'aftersale-cancel');

    // the chat window: the buyer's inquiry card and the seller's quote card with 采纳
    await page.goto(e2e.url + '/');
    await page.getByRole('button', { name: /^Trò chuyện trực tuyến/ }).first().click();
    const win = page.getByRole('dialog', { name: 'Trò chuyện trực tuyến' });
    await win.getByRole('navigation', { name: 'Danh sách trò chuyện' }).getByRole('button', { name: /骏达/ }).first().click();
    await win.getByRole('button', { name: 'Chọn báo giá' }).first().waitFor();
    await expect(win.locator('[data-scene="weChat-002"]').last()).toContainText('Giá báo');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: 'chat cards at 1366 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-buyer-chat-cards-1366');
    // the message assistant's notices (order confirmed, shipped, paid; a quote received): worded from the catalogue, the data as written
    // the assistant by its own name in Vietnamese (the platform's company name as written)
    await win.getByRole('navigation', { name: 'Danh sách trò chuyện' }).getByRole('button', { name: /Trợ lý tin nhắn/ }).first().click();
    await noticesInVietnamese(win, orderNo);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: 'notices at 1366 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-buyer-notices-1366');
    await context.close();

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = phone.page;
    await e2e.signIn(p, '/login', 'buyer');
    await p.goto(e2e.url + '/im');
    await p.getByTestId('conversation').filter({ hasText: '骏达', hasNotText: '平台运营' }).first().click();
    await p.getByRole('button', { name: 'Chọn báo giá' }).first().waitFor();
    await p.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(p), { message: '/im/chat cards at 390 px' }).toEqual([]);
    await e2e.shot(p, 'i18n-buyer-im-cards-390');
    // the notices on the phone: the conversation list's preview and the cards
    await p.goto(e2e.url + '/im');
    const assistant = p.getByTestId('conversation').filter({ hasText: 'Trợ lý tin nhắn' }).first();
    await expect(assistant).toContainText('[Thông báo]');
    await expect.poll(() => chineseLeft(p), { message: '/im at 390 px' }).toEqual([]);
    await assistant.click();
    await noticesInVietnamese(p.locator('body'), orderNo);
    await p.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(p), { message: 'notices at 390 px' }).toEqual([]);
    await e2e.shot(p, 'i18n-buyer-notices-390');

    // the phone's enquiries: the list and the quoted one
    await p.goto(e2e.url + '/ofo/enquiry');
    await p.getByTestId('enquiry-card').first().waitFor();
    await allVietnamese(p, 'ofo-enquiry');
    await p.goto(`${e2e.url}/ofo/enquiry/${enquiry.id}`);
    await p.getByTestId('quote-row').first().waitFor();
    await expect(p.getByTestId('enquiry-state')).toHaveText('Đã có 1 báo giá');
    await allVietnamese(p, 'ofo-enquiry-detail');
    // addresses, with the new address form refused
    await p.goto(e2e.url + '/ofo/address');
    await p.getByRole('button', { name: 'Thêm địa chỉ' }).click();
    await p.getByRole('button', { name: 'Lưu' }).click();
    await expect(p.locator('.field-error').first()).toHaveText('Vui lòng nhập người nhận');
    await allVietnamese(p, 'ofo-address');
    // invoices: apply, titles (the new title's form refused), records; points
    await p.goto(e2e.url + '/ofo/invoice');
    await expect(p.locator('#iv-apply-h')).toHaveText('Yêu cầu xuất hóa đơn');
    await allVietnamese(p, 'ofo-invoice');
    await p.goto(e2e.url + '/ofo/invoice/info');
    await p.getByRole('button', { name: 'Thêm thông tin', exact: true }).click();
    await p.getByRole('button', { name: 'Lưu' }).click();
    await expect(p.locator('.field-error').first()).toHaveText('Vui lòng nhập tên trên hóa đơn (2 đến 100 ký tự)');
    await allVietnamese(p, 'ofo-invoice-info');
    await p.goto(e2e.url + '/ofo/invoice/record');
    await p.getByTestId('list-total').waitFor();
    await allVietnamese(p, 'ofo-invoice-record');
    await p.goto(e2e.url + '/ofo/points');
    await p.getByTestId('points-balance').waitFor();
    await allVietnamese(p, 'ofo-points');
    await phone.context.close();
  }, 240_000);

  it('the Vietnam mall /vnmall: search, results, the cart, checkout\'s refusals and the rate-changed confirmation have no Chinese left', async () => {
    // today's rate, and a row the seed offers in the mall at a markup (its dong price follows the rate)
    await e2e.pglite.query(`update exchange_rate set rate_value = 3600, updated_at = now() where to_curr_code = 'VND'`);
    const { rows: [offer] } = await e2e.pglite.query<{ oe: string }>(
      `select s.supplier_oe as oe from vn_offer o join stock s on s.id = o.stock_id where o.price_mode = 'markup' and s.state = 'on' and s.quantity >= 10 and not exists (select 1 from vn_removal r where r.stock_id = s.id) order by s.id limit 1`);
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'vnbuyer'`);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await page.goto(e2e.url + '/vnmall');
    await expect(page.getByTestId('vn-rate')).toHaveText(/^Tỷ giá hôm nay \(.+\): 1 CNY = 3600 VND$/);
    await allVietnamese(page, 'vnmall');
    const search = page.locator('form.vn-search');
    await search.getByRole('textbox', { name: 'Mã OE hoặc tên' }).fill('不存在的配件XYZ');
    await search.getByRole('button', { name: 'Tìm kiếm', exact: true }).click();
    await expect(page.getByTestId('vn-no-results')).toContainText('Vietnam Mall không tìm thấy');
    await search.getByRole('textbox', { name: 'Mã OE hoặc tên' }).fill(offer.oe);
    await search.getByRole('button', { name: 'Tìm kiếm', exact: true }).click();
    await expect(page.getByTestId('vn-results')).toContainText(offer.oe);
    await page.getByRole('button', { name: `Thêm vào giỏ ${offer.oe}` }).first().click();
    await expect(page.getByTestId('vn-note')).toHaveText(`Đã thêm vào giỏ: ${offer.oe} × 1`);
    await expect(page.getByTestId('vn-total')).toHaveText(/^₫ [\d.]+$/);
    await allVietnamese(page, 'vnmall-cart');
    // the page's own checks under their fields
    await page.getByRole('button', { name: /^Đặt hàng ₫/ }).click();
    await expect(page.locator('#vn-name-error')).toHaveText('Vui lòng nhập người nhận');
    await expect(page.locator('#vn-address-error')).toHaveText('Địa chỉ nhận hàng phải từ 5 đến 100 ký tự');
    await allVietnamese(page, 'vnmall-checkout');
    // another rate while the page shows the old total: the server's refusal read in Vietnamese, the new total to confirm
    await page.getByText('Giao tận nơi', { exact: true }).click();
    await page.locator('#vn-name').fill('Nguyễn Văn An');
    await page.locator('#vn-phone').fill('0912345678');
    await page.locator('#vn-address').fill('215 Lý Thường Kiệt, Phường Phú Thọ');
    await e2e.pglite.query(`update exchange_rate set rate_value = 3700, updated_at = now() where to_curr_code = 'VND'`);
    await page.getByRole('button', { name: /^Đặt hàng ₫/ }).click();
    await expect(page.getByTestId('vn-changed')).toContainText('Tỷ giá hoặc giá đã thay đổi');
    await expect(page.getByRole('button', { name: /^Xác nhận tổng mới và đặt hàng ₫/ })).toBeVisible();
    await allVietnamese(page, 'vnmall-rate-changed');
    await context.close();
  }, 180_000);
});
