/**
 * The storefront in Vietnamese (docs/i18n.md): the 中文 / Tiếng Việt switch keeps a user's choice on
 * the server, a Vietnamese company's users get Vietnamese without choosing, a guest's choice stays
 * on the device, and the sign-in page, home, the search page, OE and keyword results (filters, a
 * refused filter, sorting, paging, nothing found), the cart, its refusals and checkout with its
 * refusals show no Chinese character outside user data at 1366 and 390 px, the phone's cart at
 * 390. Money is written by Intl: CN¥ 120,00 and ₫ 434.220. A guest who never chose reads the
 * Vietnamese registration in Vietnamese, its refusals (the form's and the server's) too, and the
 * new owner its state page /apply/vn, pending and rejected with the resubmit form; the next page
 * (the Chinese registration, 登录) in Chinese, unless the guest pressed Tiếng Việt, which keeps it.
 * Screenshots: i18n-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import { apiCall, apiToken, shotsAtSizes, startE2E, type E2E } from './harness';
import { allVietnamese, chineseLeft, vietnameseLeft } from './vietnamese';

let e2e: E2E;
const sms = createRecordingSms();
beforeAll(async () => {
  e2e = await startE2E({ sms });
});
afterAll(async () => e2e?.close());

const langOf = async (username: string) =>
  (await e2e.pglite.query<{ lang: string | null }>(`select lang from app_user where username = $1`, [username])).rows[0].lang;

describe('the language switch', () => {
  it('a guest\'s choice stays on the device: the sign-in page in Vietnamese', async () => {
    const { context, page } = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem('qph-lang', 'vi'));
    await page.goto(e2e.url + '/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    await page.getByText('Tên đăng nhập').first().waitFor();
    await allVietnamese(page, 'login');
    await shotsAtSizes(e2e, page, 'i18n-login', [1366, 900]);
    await context.close();
  });

  it('a user\'s choice is kept on the server; a Vietnamese company\'s users get Vietnamese by default', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    expect(await langOf('buyer')).toBeNull();
    const sw = page.locator('.topbar').getByTestId('lang-switch');
    await sw.getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.locator('.topbar').getByRole('link', { name: 'Đơn hàng của tôi' }).waitFor();
    await expect.poll(() => langOf('buyer')).toBe('vi');
    await context.close();
    // the server's choice, on another device too (a sign-in there ends the first one's session)
    const other = await e2e.newPage();
    await e2e.signIn(other.page, '/login', 'buyer');
    await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('vi');
    // back to Chinese
    await other.page.locator('.topbar').getByTestId('lang-switch').getByRole('button', { name: '中文' }).click();
    await other.page.locator('.topbar').getByRole('link', { name: '我的订单' }).waitFor();
    await expect.poll(() => langOf('buyer')).toBe('zh');
    await other.context.close();

    // company 4 registered in Vietnam: its member sees Vietnamese without choosing
    await e2e.pglite.query(`update company set country = 'VN' where id = 4`);
    try {
      const vn = await e2e.newPage();
      await e2e.signIn(vn.page, '/login', 'member');
      expect(await langOf('member')).toBeNull();
      await expect.poll(() => vn.page.evaluate(() => document.documentElement.lang)).toBe('vi');
      await vn.context.close();
    } finally {
      await e2e.pglite.query(`update company set country = 'CN' where id = 4`);
    }
  });
});

describe('the storefront in Vietnamese', () => {
  it('home and the search page have no Chinese left', async () => {
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'member'`);
    const { context, page } = await e2e.newPage();
    // the member (company 4) has chosen Vietnamese
    await e2e.signIn(page, '/login', 'member');

    await page.goto(e2e.url + '/');
    await page.getByRole('region', { name: 'Tra phụ tùng nhanh' }).waitFor();
    await allVietnamese(page, 'home');
    await shotsAtSizes(e2e, page, 'i18n-home', [1366, 900]);

    await page.goto(e2e.url + '/search/parts');
    await page.getByRole('button', { name: 'Tìm kiếm' }).first().waitFor();
    await allVietnamese(page, 'search');
    await context.close();
  });

  it('keyword results have no Chinese left: filters, a refused filter, sorting, paging and nothing found', async () => {
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'member'`);
    const { context, page } = await e2e.newPage();
    // the member (company 4) has chosen Vietnamese
    await e2e.signIn(page, '/login', 'member');
    await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('刹车片')}&mode=fuzzy`);
    const results = page.getByRole('region', { name: 'Kết quả tìm theo từ khóa' });
    await results.locator('tbody tr').first().waitFor();
    await expect(results.getByRole('status').first()).toContainText('“刹车片” (Gần đúng)');
    await allVietnamese(page, 'keyword results');
    // a phone is sent to /ofo/search (mobile.e2e.ts): this desktop page fits from 1024 px
    await shotsAtSizes(e2e, page, 'i18n-keyword-results', [1366, 900], { fitFrom: 1024 });

    // the filters (open at 1366 px): a reversed price range is refused in Vietnamese, under the bar
    await results.getByRole('textbox', { name: 'Giá thấp nhất (tệ)' }).fill('300');
    await results.getByRole('textbox', { name: 'Giá cao nhất (tệ)' }).fill('100');
    await results.getByRole('button', { name: 'Lọc', exact: true }).click();
    await expect(results.getByRole('alert')).toHaveText('Giá thấp nhất không được cao hơn giá cao nhất');
    await allVietnamese(page, 'keyword results, a refused filter');

    // sorted by quantity, then the second page
    await results.getByRole('columnheader', { name: 'Số lượng' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort_field') === 'quantity');
    await expect(results.getByRole('status').first()).toContainText('Theo Số lượng từ thấp đến cao');
    await results.getByRole('button', { name: 'Trang 2', exact: true }).first().click();
    await page.waitForURL((u) => u.searchParams.get('page_number') === '2');
    await results.locator('tbody tr').first().waitFor();
    await allVietnamese(page, 'keyword results, sorted, page 2');

    // nothing found: the help names the query as it was typed, and offers its words one by one
    await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('刹车片 火星车')}&mode=exact`);
    await page.getByText('Không tìm thấy phụ tùng nào liên quan đến “刹车片 火星车”').waitFor();
    await allVietnamese(page, 'keyword results, nothing found');
    await shotsAtSizes(e2e, page, 'i18n-keyword-empty', [1366, 900], { fitFrom: 1024 });
    await context.close();
  });

  it('OE results have no Chinese left; they add to the cart, which writes money by Intl in yuan and in dong, and checks out', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null
      group by oe_norm having count(distinct company_id) >= 2 order by oe_norm limit 1`);
    await e2e.pglite.query(`update stock set quantity = 6, price0 = 12000, price1 = 13560, price99 = 15000 where oe_norm = $1`, [pick.oe_norm]);
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'buyer'`);
    const { context, page } = await e2e.newPage();
    // the buyer (company 3) has chosen Vietnamese
    await e2e.signIn(page, '/login', 'buyer');

    await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const adds = page.getByRole('button', { name: /^Thêm vào giỏ/ });
    await adds.first().waitFor();
    await allVietnamese(page, 'OE results');
    await shotsAtSizes(e2e, page, 'i18n-oe-results', [1366, 900]);
    await adds.first().click();
    await page.getByRole('button', { name: /^Đã thêm/ }).first().waitFor();

    await page.goto(e2e.url + '/cart');
    const line = page.getByTestId('cart-line').first();
    await line.waitFor();
    // ¥120.00 a piece, in yuan and in dong (3618.5 dong a yuan) as Intl writes them
    await expect(line.getByTestId('line-amount')).toHaveText('CN¥ 120,00');
    await page.locator('.topbar').getByRole('button', { name: 'VND' }).click();
    await expect(line.getByTestId('line-amount')).toHaveText('₫ 434.220');
    await expect(page.getByRole('region', { name: 'Tổng cộng' })).toContainText('Đã chọn 1 loại, 1 sản phẩm');
    await allVietnamese(page, 'cart');
    await shotsAtSizes(e2e, page, 'i18n-cart', [1366, 900]);
    // more than the stock: refused in Vietnamese beside the quantity, which stays
    await line.getByRole('textbox').fill('99');
    await line.getByRole('textbox').press('Enter');
    await expect(line.getByRole('alert')).toHaveText('Không đủ hàng: phụ tùng này chỉ còn 6 sản phẩm');
    await expect(line.getByRole('textbox')).toHaveValue('1');
    await allVietnamese(page, 'cart, a refused quantity');

    await page.getByRole('button', { name: 'Thanh toán' }).first().click();
    await page.waitForURL((u) => u.pathname === '/cart/order/create');
    const place = page.getByRole('button', { name: 'Đặt hàng' });
    await place.waitFor();
    await allVietnamese(page, 'checkout');
    // sent empty: each field's refusal in Vietnamese, nothing placed
    await place.click();
    await expect(page.locator('.field-error')).toHaveTexts([
      'Vui lòng nhập người nhận', 'Vui lòng nhập đúng số điện thoại (di động 11 số hoặc số bàn có mã vùng)',
      'Vui lòng nhập địa chỉ nhận hàng chi tiết (5 đến 200 ký tự)',
    ]);
    await allVietnamese(page, 'checkout, refused fields');
    await shotsAtSizes(e2e, page, 'i18n-checkout', [1366, 900]);
    // the seller raises the price meanwhile: the server's refusal in Vietnamese, the amount by Intl
    await page.locator('#checkout-contact_name').fill('Nguyễn Văn An');
    await page.locator('#checkout-contact_phone').fill('13800138000');
    await page.locator('#checkout-address').fill('广东省广州市天河区体育西路 100 号');
    const orders = async () => (await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from goods_order where buyer_company_id = 3`)).rows[0].n;
    const before = await orders();
    await e2e.pglite.query(`update stock set price0 = 12500, price1 = 14000, price99 = 15500 where oe_norm = $1`, [pick.oe_norm]);
    await place.click();
    await expect(page.locator('.checkout-failure')).toContainText('Giá đã thay đổi, tổng phải trả hiện là');
    await allVietnamese(page, 'checkout, a refusal of the server');
    expect(await orders()).toBe(before);
    await context.close();
  });

  it('the buyer\'s orders and after-sales have no Chinese left: the order list and detail, the application, its list and detail', async () => {
    // an order of the seller's, shipped, and an after-sale on it, set up through the API
    const [buyerT, sellerT] = [await apiToken(e2e.url, 'buyer'), await apiToken(e2e.url, 'seller')];
    const { rows: [pick] } = await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' and quantity > 0 order by id limit 1`);
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 12000, price1 = 12000, price2 = 12000, price3 = 12000, price99 = 12000, price5 = null where id = $1`, [pick.id]);
    const { rows: [{ id: buyerId }] } = await e2e.pglite.query<{ id: number }>(`select id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`delete from cart_item where user_id = $1`, [buyerId]);
    await apiCall(e2e.url, buyerT, 'POST', '/cart/add', { stock_id: pick.id, qty: 3 });
    const cart = await apiCall<{ groups: Array<{ items: Array<{ id: number; stockId: number | null; amount: number }> }> }>(e2e.url, buyerT, 'GET', '/cart');
    const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === pick.id);
    const placed = await apiCall<{ orders: Array<{ order_no: string }> }>(e2e.url, buyerT, 'POST', '/cart/submit', {
      cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((sum, i) => sum + i.amount, 0),
      contact_name: 'Nguyễn Văn An', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号',
    });
    const orderNo = placed.orders[0].order_no;
    await apiCall(e2e.url, sellerT, 'POST', '/order/confirm', { order_no: orderNo });
    await apiCall(e2e.url, sellerT, 'POST', '/order/deliver', { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: 'SF20261129002' });
    const order = await apiCall<{ lines: Array<{ id: number }> }>(e2e.url, buyerT, 'GET', `/order?order_no=${orderNo}`);
    const applied = await apiCall<{ as_no: string }>(e2e.url, buyerT, 'POST', '/aftersale/apply', {
      order_no: orderNo, type: 'return', reason: '发错货', description: '型号不对', lines: [{ order_line_id: order.lines[0].id, qty: 1 }],
    });
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'buyer'`);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');

    await page.goto(`${e2e.url}/backend/order/purchase`);
    const row = page.locator(`[data-order-no="${orderNo}"]`).first();
    await row.waitFor();
    await expect(row).toContainText('Đã gửi hàng');
    await allVietnamese(page, 'purchase orders');
    await shotsAtSizes(e2e, page, 'i18n-purchase-orders', [1366, 900]);

    await page.goto(`${e2e.url}/backend/order/detail/${orderNo}`);
    await page.getByRole('heading', { name: `Đơn hàng ${orderNo}` }).waitFor();
    // 3 at ¥120.00, by Intl
    await expect(page.getByRole('region', { name: 'Chi tiết đơn hàng' })).toContainText('1 loại, 3 sản phẩm');
    await expect(page.getByRole('region', { name: 'Chi tiết đơn hàng' })).toContainText('CN¥ 360,00');
    await allVietnamese(page, 'order detail');
    await shotsAtSizes(e2e, page, 'i18n-order-detail', [1366, 900]);

    // the application's form, sent with a line unticked: refused in Vietnamese
    await page.goto(`${e2e.url}/backend/service/afterSale/apply?order_no=${orderNo}`);
    await page.getByRole('button', { name: 'Gửi yêu cầu' }).waitFor();
    await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
    await expect(page.locator('.field-error').first()).toHaveText('Vui lòng chọn phụ tùng cần hậu mãi và nhập số lượng');
    await allVietnamese(page, 'after-sale application');
    await shotsAtSizes(e2e, page, 'i18n-aftersale-apply', [1366, 900]);

    await page.goto(`${e2e.url}/backend/service/afterSale?side=buyer`);
    await page.getByRole('link', { name: applied.as_no }).first().waitFor();
    await allVietnamese(page, 'after-sale list');
    await shotsAtSizes(e2e, page, 'i18n-aftersale-list', [1366, 900]);

    await page.goto(`${e2e.url}/backend/service/afterSale/detail/${applied.as_no}`);
    await page.getByRole('heading', { name: `Hậu mãi ${applied.as_no}` }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Đang chờ người bán đồng ý hoặc từ chối' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Thông tin hậu mãi' })).toContainText('Gửi nhầm hàng');
    await allVietnamese(page, 'after-sale detail');
    await shotsAtSizes(e2e, page, 'i18n-aftersale-detail', [1366, 900]);
    await context.close();
  });

  it('chat has no Chinese left outside the messages: the desktop window, and /im and /im/password on a phone', async () => {
    // the seller writes to the buyer (through the API): the conversation and its message are user data
    const sellerT = await apiToken(e2e.url, 'seller');
    const { rows: [{ uuid: buyerUuid }] } = await e2e.pglite.query<{ uuid: string }>(`select uuid from app_user where username = 'buyer'`);
    await apiCall(e2e.url, sellerT, 'POST', '/im/messages', {
      client_msg_id: `i18n-${Date.now()}`, targetId: buyerUuid, messageType: 'RC:TxtMsg', content: { content: '您好，刹车片有现货' },
    });
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'buyer'`);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(e2e.url + '/');
    await page.getByRole('button', { name: /^Trò chuyện trực tuyến/ }).first().click();
    const win = page.getByRole('dialog', { name: 'Trò chuyện trực tuyến' });
    await win.getByRole('navigation', { name: 'Danh sách trò chuyện' }).getByRole('button', { name: /骏达/ }).first().click();
    await win.getByRole('log').getByText('您好，刹车片有现货').waitFor();
    await win.getByRole('complementary', { name: 'Danh thiếp nhà cung cấp' }).getByText('Người liên hệ').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: 'chat window at 1366 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-chat-window-1366');
    await win.getByRole('tab', { name: 'Bạn bè' }).click();
    await win.getByText('Chưa có bạn bè').waitFor();
    await expect.poll(() => chineseLeft(page), { message: 'chat friends at 1366 px' }).toEqual([]);
    await context.close();

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await e2e.signIn(phone.page, '/login', 'buyer');
    await phone.page.goto(e2e.url + '/im');
    await phone.page.getByTestId('conversation').filter({ hasText: '骏达' }).first().click();
    await phone.page.getByRole('log').getByText('您好，刹车片有现货').waitFor();
    await phone.page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(phone.page), { message: '/im/chat at 390 px' }).toEqual([]);
    await e2e.shot(phone.page, 'i18n-im-chat-390');
    await phone.page.getByRole('button', { name: 'Danh thiếp' }).click();
    await phone.page.getByText('Người liên hệ').first().waitFor();
    await expect.poll(() => chineseLeft(phone.page), { message: '/im/chat card at 390 px' }).toEqual([]);
    await phone.page.goto(e2e.url + '/im');
    await phone.page.getByTestId('conversation').first().waitFor();
    await expect.poll(() => chineseLeft(phone.page), { message: '/im at 390 px' }).toEqual([]);
    await e2e.shot(phone.page, 'i18n-im-390');
    // 修改密码 (/im/password), refused: the form's checks and the server's (a wrong current password)
    await phone.page.goto(e2e.url + '/im/password');
    await phone.page.getByRole('button', { name: 'Lưu' }).click();
    await phone.page.getByText('Vui lòng nhập mật khẩu hiện tại').waitFor();
    await phone.page.locator('#old_password').fill('wrong-password1');
    await phone.page.locator('#password').fill('newpass123');
    await phone.page.locator('#password2').fill('newpass123');
    await phone.page.getByRole('button', { name: 'Lưu' }).click();
    await phone.page.getByText('Mật khẩu hiện tại không đúng').waitFor();
    await expect.poll(() => chineseLeft(phone.page), { message: '/im/password at 390 px' }).toEqual([]);
    await e2e.shot(phone.page, 'i18n-im-password-390');
    await phone.context.close();
  });

  it('the phone\'s cart, search, orders, an order and its logistics, the after-sales and one of them (/ofo) have no Chinese left', async () => {
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'buyer'`);
    const { rows: [{ id: buyerId }] } = await e2e.pglite.query<{ id: number }>(`select id from app_user where username = 'buyer'`);
    const { rows: [row] } = await e2e.pglite.query<{ id: number }>(`
      select id from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null order by id limit 1`);
    await e2e.pglite.query(`delete from cart_item where user_id = $1`, [buyerId]);
    await e2e.pglite.query(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, 3, $2, '配件产品', 2, now(), now())`, [buyerId, row.id]);
    const { context, page } = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(e2e.url + '/ofo/cart');
    await page.getByTestId('cart-line').waitFor();
    await expect(page.getByRole('navigation', { name: 'Điều hướng bản di động' }).getByRole('link', { name: /^Giỏ hàng/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Tổng cộng' }).or(page.locator('.m-checkout-bar'))).toContainText('Đã chọn 1 loại, 2 sản phẩm');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/cart at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-cart-390');

    // the phone's search (empty, then an OE code's cards), the orders, an order and its logistics
    await page.goto(e2e.url + '/ofo/search');
    await page.getByRole('button', { name: 'Tìm kiếm' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/search at 390 px' }).toEqual([]);
    const { rows: [oe] } = await e2e.pglite.query<{ oe_norm: string }>(`select oe_norm from stock where id = $1`, [row.id]);
    await page.goto(`${e2e.url}/ofo/search?code=${oe.oe_norm}`);
    await page.getByTestId('stock-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/search OE cards at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-search-390');
    await page.goto(e2e.url + '/ofo/purchase/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/purchase/order at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-orders-390');
    await card.getByRole('link', { name: /^Chi tiết/ }).click();
    await page.getByRole('region', { name: 'Chi tiết đơn hàng' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/purchase/orderDetail at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-order-390');
    await page.getByTestId('order-logistics').click();
    await page.getByRole('region', { name: 'Diễn biến đơn hàng' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/purchase/logistics at 390 px' }).toEqual([]);
    // the phone's after-sales and one of them (the after-sale the orders' walk above applied for), with the buyer's cancel form open
    await page.goto(e2e.url + '/ofo/serviceOrder?side=buyer');
    const service = page.getByTestId('service-card').first();
    await service.waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/serviceOrder at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-serviceorders-390');
    await service.getByRole('link').click();
    await page.getByRole('region', { name: 'Thông tin hậu mãi' }).waitFor();
    await page.getByRole('region', { name: 'Thao tác hậu mãi' }).getByRole('button').first().click();
    await page.getByLabel('Lý do rút yêu cầu (không bắt buộc)').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(page), { message: '/ofo/serviceOrder/detail at 390 px' }).toEqual([]);
    await e2e.shot(page, 'i18n-phone-serviceorder-390');
    await context.close();
  });

  it('a Vietnamese company\'s user reads the empty cart in Vietnamese without choosing', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await page.goto(e2e.url + '/cart');
    await page.getByText('Giỏ hàng trống').waitFor();
    await allVietnamese(page, 'empty cart');
    await context.close();
  });
});

describe('the Vietnamese registration in the reader\'s language', () => {
  it('a guest who never chose reads Vietnamese on the registration only, and keeps it by pressing Tiếng Việt', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/login/register/vn');
    const form = page.getByRole('form', { name: 'Đăng ký doanh nghiệp Việt Nam' });
    await form.waitFor();
    // on to the Chinese registration: Chinese again, all of it (its link back names both languages)
    await form.getByRole('link', { name: 'Đăng ký doanh nghiệp Trung Quốc', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login/register');
    await page.getByRole('form', { name: '免费注册' }).getByRole('button', { name: '获取验证码', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => vietnameseLeft(page, ['越南企业注册 · Đăng ký doanh nghiệp Việt Nam'])).toEqual([]);
    // back: Vietnamese there again; on to 登录: Chinese
    await page.getByRole('link', { name: '越南企业注册 · Đăng ký doanh nghiệp Việt Nam', exact: true }).click();
    await form.waitFor();
    await form.getByRole('link', { name: 'Đã có tài khoản? Đăng nhập', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await expect.poll(() => vietnameseLeft(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('qph-lang'))).toBeNull();

    // Tiếng Việt, shown pressed, kept as the guest's choice when pressed: the next pages are Vietnamese
    await page.goBack();
    await form.waitFor();
    const vi = page.getByTestId('lang-switch').getByRole('button', { name: 'Tiếng Việt' });
    await expect(vi).toHaveAttribute('aria-pressed', 'true');
    await vi.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('qph-lang'))).toBe('vi');
    await form.getByRole('link', { name: 'Đã có tài khoản? Đăng nhập', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).waitFor();
    await allVietnamese(page, 'login after the registration');
    await context.close();
  });

  it('a guest who never chose reads /login/register/vn in Vietnamese, refusals included, and the owner /apply/vn, pending and rejected', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/login/register/vn');
    const form = page.getByRole('form', { name: 'Đăng ký doanh nghiệp Việt Nam' });
    await form.waitFor();
    await allVietnamese(page, 'register-vn', { e2e, prefix: 'i18n' });
    // the page's language is not kept as the guest's choice
    expect(await page.evaluate(() => localStorage.getItem('qph-lang'))).toBeNull();

    // the form's own checks, in Vietnamese, the side-by-side ones by their Chinese side
    const submit = form.getByRole('button', { name: 'Đăng ký', exact: true });
    await submit.click();
    await expect(page.locator('#company_name-error')).toHaveText('Vui lòng nhập tên doanh nghiệp');
    await expect(page.locator('#business_type-error')).toHaveText(/^Vui lòng chọn loại hình doanh nghiệp/);
    await expect(page.locator('#agree-error')).toHaveText('Vui lòng đọc và đồng ý với «Điều khoản sử dụng QipeiHub»');
    await page.locator('#tax_code').fill('12345');
    await page.locator('#mobile').fill('0212345678');
    await submit.click();
    await expect(page.locator('#tax_code-error')).toHaveText('Mã số thuế gồm 10 chữ số; chi nhánh thêm -3 chữ số (ví dụ 0312345678-001)');
    await expect(page.locator('#mobile-error')).toHaveText('Số di động Việt Nam: +84 hoặc 0, rồi 9 chữ số bắt đầu bằng 3, 5, 7, 8 hoặc 9');
    await allVietnamese(page, 'register-vn-refused', { e2e, prefix: 'i18n' });
    // the provinces by their Vietnamese names
    await page.locator('.p-dropdown:has(#province)').click();
    await page.getByRole('option', { name: 'Đà Nẵng', exact: true }).waitFor();
    await expect.poll(() => chineseLeft(page), { message: 'the provinces' }).toEqual([]);
    await page.getByRole('option', { name: 'Đà Nẵng', exact: true }).click();

    // the server's refusals: a wrong SMS code, a username taken
    await page.locator('#company_name').fill('Công ty TNHH Phụ tùng Đà Nẵng');
    await page.getByRole('radio', { name: 'Đại lý phụ tùng' }).check();
    await page.locator('#tax_code').fill('0401234567');
    await page.locator('#address').fill('12 Nguyễn Văn Linh, Hải Châu');
    await page.locator('#contact_name').fill('Phạm Minh');
    await page.locator('#username').fill('buyer');
    await page.locator('#mobile').fill('0935 111 222');
    await page.getByTestId('sms-send').click();
    await expect(page.locator('.account-sms-sent')).toHaveText('Đã gửi mã xác nhận, vui lòng kiểm tra tin nhắn');
    await expect(page.getByTestId('sms-send')).toHaveText(/^Lấy lại sau \d+ giây$/);
    await expect.poll(() => sms.lastCode('+84935111222', 'register') ?? '').not.toBe('');
    const code = sms.lastCode('+84935111222', 'register')!;
    await page.locator('#sms_code').fill(code.slice(0, 5) + String((Number(code[5]) + 1) % 10));
    await page.locator('#password').fill('danang2026');
    await page.locator('#password2').fill('danang2026');
    await page.locator('label[for="agree"]').click();
    await submit.click();
    await expect(page.locator('#sms_code-error')).toHaveText('Mã xác nhận SMS không đúng, còn 4 lần thử');
    await page.locator('#sms_code').fill(code);
    await submit.click();
    await expect(page.locator('#username-error')).toHaveText('Tên đăng nhập đã được đăng ký, vui lòng chọn tên khác');
    await allVietnamese(page, 'register-vn-taken', { e2e, prefix: 'i18n' });
    await page.locator('#username').fill('danang01');
    await submit.click();
    await page.waitForURL((u) => u.pathname === '/apply/vn');

    // its state: pending; then rejected by an operator (through the API), with the reason as data and the resubmit form
    await expect(page.getByTestId('vn-registration-state')).toHaveText(/^Chờ duyệt\s*Nền tảng đang xét duyệt đăng ký của bạn; được duyệt là có thể mua hàng tại Vietnam Mall\.$/);
    await allVietnamese(page, 'apply-vn-pending', { e2e, prefix: 'i18n' });
    const { rows: [registration] } = await e2e.pglite.query<{ id: number }>(`select id from overseas_registration where tax_code = '0401234567'`);
    await apiCall(e2e.url, await apiToken(e2e.url, 'operator'), 'POST', '/operation/foreign/registrations/reject', { id: registration.id, reason: '企业名称与营业执照不一致' });
    await page.reload();
    await expect(page.getByTestId('vn-registration-state')).toContainText('Bị từ chối');
    await expect(page.getByTestId('vn-registration-reason')).toHaveText('Lý do từ chối: 企业名称与营业执照不一致');
    const resubmit = page.getByRole('form', { name: 'Sửa rồi gửi lại' });
    await resubmit.locator('#vn-tax_code').fill('123');
    await resubmit.getByRole('button', { name: 'Gửi lại để xét duyệt', exact: true }).click();
    await expect(page.locator('#vn-tax_code-error')).toHaveText('Mã số thuế gồm 10 chữ số; chi nhánh thêm -3 chữ số (ví dụ 0312345678-001)');
    // the server's side-by-side refusal: the seeded company's tax code
    await resubmit.locator('#vn-tax_code').fill('0312345678');
    await resubmit.getByRole('button', { name: 'Gửi lại để xét duyệt', exact: true }).click();
    await expect(page.locator('#vn-tax_code-error')).toHaveText('Mã số thuế đã được đăng ký');
    await allVietnamese(page, 'apply-vn-rejected', { e2e, prefix: 'i18n' });
    await resubmit.locator('#vn-tax_code').fill('0401234567-001');
    await resubmit.getByRole('button', { name: 'Gửi lại để xét duyệt', exact: true }).click();
    await expect(page.getByTestId('vn-registration-state')).toContainText('Chờ duyệt');
    await context.close();
  });
});
