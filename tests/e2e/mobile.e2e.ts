/**
 * Browser end-to-end of the phone pages at 390×844 with touch: sign-in, a desktop address
 * landing on its phone page, OE and keyword search, adding to the cart, the address book,
 * checkout with an address from the book, the order list, detail, logistics and payment, a chat
 * conversation full-screen, and a cart of 5 lines edited while the network flaps off and on ten
 * times. Every page is checked for sideways scrolling and its key buttons for being visible,
 * finger-sized and clickable. Screenshots: test-results/screenshots/mobile-*.png.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { orderText } from '../../src/shared/contracts';
import { installedApp, pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** a phone's page; a failing test says where it was, with a screenshot (harness) */
const phone = (): Promise<{ context: BrowserContext; page: Page }> =>
  e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...installedApp });

/** the page never scrolls sideways */
const fits = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

/** visible, at least 40 px high (a finger's target) and clickable */
const touchable = async (button: Locator) => {
  await expect(button).toBeVisible();
  await expect.poll(async () => (await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
  await button.click({ trial: true });
};

const signInPhone = async (page: Page, path: string, username: string) => {
  await page.goto(e2e.url + path);
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await fits(page);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => u.pathname === path), page.locator('button[type="submit"]').click()]);
};

describe('phone pages at 390×844', () => {
  it('sign-in, a desktop address on its phone page, OE and keyword search, cart, address book, checkout with a saved address, orders', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; oe_norm: string }>(`
      select id, oe_norm from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 is not null order by id limit 1`);
    await e2e.pglite.query('update stock set quantity = 20, price0 = 12000, price1 = 13560, price99 = 15000 where id = $1', [pick.id]);
    const { context, page } = await phone();

    // a guest on a phone page signs in on a login card that fits, and comes back
    await signInPhone(page, '/ofo/cart', 'buyer');
    await page.getByText('购物车是空的').waitFor();
    await e2e.shot(page, 'mobile-cart-empty');

    // a desktop page with a phone page goes there, keeping what it shows
    await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    await page.waitForURL((u) => u.pathname === '/ofo/search' && u.searchParams.get('code') === pick.oe_norm);

    // OE results as cards: price, seller, stock and 加入购物车
    const card = page.locator(`[data-testid="stock-card"][data-stock-id="${pick.id}"]`);
    await card.waitFor();
    await expect(card).toContainText('¥120.00');
    await expect(card.getByTestId('stock-qty')).toHaveText('库存 20 个');
    await fits(page);
    const add = card.getByRole('button', { name: /^加入购物车/ });
    await touchable(add);
    await e2e.shot(page, 'mobile-search-oe');
    await add.click();
    await card.getByRole('button', { name: /^已加入/ }).waitFor();
    await expect(page.getByTestId('tab-badge-购物车')).toHaveText('1');

    // keyword search, from the tab; an empty box says what is missing
    await page.getByRole('link', { name: '关键词搜索' }).click();
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(msg.enterSearch);
    await page.getByRole('textbox', { name: '关键词' }).fill('刹车片');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('k') === '刹车片');
    const keywordAdd = page.getByTestId('stock-card').getByRole('button', { name: /^加入购物车/ }).first();
    await keywordAdd.waitFor();
    await fits(page);
    await e2e.shot(page, 'mobile-search-keyword');
    await keywordAdd.click();
    await expect(page.getByTestId('tab-badge-购物车')).toHaveText('2');
    // the search history replays a search made from the box
    await page.goto(`${e2e.url}/ofo/search`);
    const again = page.getByRole('link', { name: '关键词 刹车片' });
    await again.waitFor();
    await fits(page);
    await e2e.shot(page, 'mobile-search-history');
    await again.click();
    await page.waitForURL((u) => u.searchParams.get('k') === '刹车片');
    await page.getByTestId('stock-card').first().waitFor();

    // the address book, from 我的: a wrong phone is named under its field, then saved as the default
    await page.getByRole('navigation', { name: '手机版导航' }).getByRole('link', { name: '我的' }).click();
    await page.waitForURL((u) => u.pathname === '/im/profile');
    await fits(page);
    await e2e.shot(page, 'mobile-profile');
    await page.getByRole('link', { name: '收货地址' }).click();
    await page.waitForURL((u) => u.pathname === '/ofo/address');
    await touchable(page.getByRole('button', { name: '新增地址' }));
    await page.getByRole('button', { name: '新增地址' }).click();
    await page.locator('input[name="contact_name"]').fill('李师傅');
    await page.locator('input[name="contact_phone"]').fill('12345');
    await page.locator('input[name="address"]').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert')).toHaveText(orderText.contactPhone);
    await page.locator('input[name="contact_phone"]').fill('13800138000');
    await page.getByRole('button', { name: '保存' }).click();
    const saved = page.getByTestId('address-item');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('默认');
    await fits(page);
    await e2e.shot(page, 'mobile-address');

    // the cart: grouped by seller, the stepper changes the quantity and the amount the server computes
    await page.getByRole('navigation', { name: '手机版导航' }).getByRole('link', { name: /^购物车/ }).click();
    await page.waitForURL((u) => u.pathname === '/ofo/cart');
    const line = page.locator(`[data-testid="cart-line"][data-stock-id="${pick.id}"]`);
    await expect(line.getByRole('textbox')).toHaveValue('1');
    await touchable(line.getByRole('button', { name: /^增加/ }));
    await line.getByRole('button', { name: /^增加/ }).click();
    await expect(line.getByRole('textbox')).toHaveValue('2');
    await expect.poll(() => line.getByTestId('line-amount').innerText()).toBe('¥240.00');
    await expect(page.getByTestId('cart-group')).toHaveCount(await page.getByTestId('cart-group').count());
    await fits(page);
    await e2e.shot(page, 'mobile-cart');
    const toCheckout = page.getByRole('button', { name: '去结算' });
    await touchable(toCheckout);
    await toCheckout.click();

    // checkout: the default address of the book is picked, nobody retypes it
    await page.waitForURL((u) => u.pathname === '/ofo/createOrder');
    await expect.poll(() => page.getByRole('radio', { name: /^李师傅/ }).isChecked()).toBe(true);
    await expect(page.locator('input[name="contact_name"]')).toHaveCount(0);
    await fits(page);
    await e2e.shot(page, 'mobile-checkout');
    const submit = page.getByRole('button', { name: '提交订单' });
    await touchable(submit);
    await submit.click();
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/order' && (u.searchParams.get('no') ?? '').startsWith('CO'));
    const orders = page.getByTestId('order-card');
    await expect(orders.first()).toContainText('待确认');
    const { rows: placed } = await e2e.pglite.query<{ order_no: string; contact_name: string; contact_phone: string; address: string }>(`
      select order_no, contact_name, contact_phone, address from goods_order where checkout_no = $1 order by order_no`, [new URL(page.url()).searchParams.get('no')]);
    expect(placed.length).toBeGreaterThan(0);
    for (const o of placed) expect(o).toMatchObject({ contact_name: '李师傅', contact_phone: '13800138000', address: '广东省广州市白云区机场路88号汽配城A区12号' });
    await expect(orders).toHaveCount(placed.length);
    await fits(page);
    await e2e.shot(page, 'mobile-orders');

    // the detail with the buyer's move, logistics and payment
    const no = placed[0].order_no;
    await page.getByRole('link', { name: `详情 ${no}` }).click();
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/orderDetail' && u.searchParams.get('order_no') === no);
    await expect(page.getByTestId('detail-status')).toContainText('待确认');
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await fits(page);
    await e2e.shot(page, 'mobile-order-detail');
    await page.getByRole('link', { name: /物流/ }).click();
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/logistics');
    await page.getByText('卖家尚未发货').waitFor();
    await expect(page.getByTestId('order-event').first()).toContainText('提交订单');
    await fits(page);
    await e2e.shot(page, 'mobile-logistics');
    // 付款 lists the unpaid order, ticked, with the wallet and the provider to choose from
    await page.goto(`${e2e.url}/ofo/purchase/payment?order_no=${no}`);
    const payCard = page.getByTestId('payment-order').filter({ hasText: no });
    await expect.poll(() => payCard.getByRole('checkbox', { name: `选择 ${no}` }).isChecked()).toBe(true);
    await expect(page.getByRole('group', { name: '付款方式' })).toBeVisible();
    await fits(page);
    await e2e.shot(page, 'mobile-payment');
    await page.goto(`${e2e.url}/ofo/purchase/orderDetail?order_no=${no}`);
    const cancel = page.getByRole('button', { name: '取消订单' });
    await touchable(cancel);
    await cancel.click();
    await page.getByRole('button', { name: '确认取消订单' }).click();
    await expect(page.getByTestId('detail-status')).toContainText('已取消');
    // offline on the move: the order already opened reloads from the local copy, saying when it was
    // fetched; an order never opened says 当前离线 at once instead of loading forever
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(() => page.evaluate((n) => {
      const stored = JSON.parse(localStorage.getItem('qph-query-cache') ?? '{}') as { clientState?: { queries?: { queryKey: unknown[]; state: { data?: { status?: string } } }[] } };
      return stored.clientState?.queries?.find((q) => q.queryKey[1] === 'detail' && q.queryKey[2] === n)?.state.data?.status;
    }, no)).toBe('cancelled');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('detail-status')).toContainText('已取消');
    await expect(page.getByRole('status').filter({ hasText: /^离线：显示 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 获取的订单$/ })).toHaveCount(1);
    await e2e.shot(page, 'mobile-order-detail-offline');
    await page.goto(`${e2e.url}/ofo/purchase/orderDetail?order_no=${placed[placed.length - 1].order_no}X`);
    await expect(page.getByRole('alert')).toHaveText('当前离线，联网后可查看订单');
    await context.setOffline(false);
    // 现货: in-stock rows only
    await page.goto(`${e2e.url}/ofo/spotGoods?k=${encodeURIComponent('刹车片')}`);
    await page.getByTestId('stock-card').first().waitFor();
    await fits(page);
    await e2e.shot(page, 'mobile-spot-goods');
    await context.close();
  });

  it('更多查询 on the phone\'s search page leads to the other search pages, each fitting the phone; 爆炸图 opens the phone\'s 图解', async () => {
    const { context, page } = await phone();
    await signInPhone(page, '/ofo/search', 'buyer');
    const more = page.getByRole('navigation', { name: '更多查询' });
    await more.waitFor();
    await fits(page);
    await e2e.shot(page, 'mobile-search-more');
    const pages: Array<[string, string, () => Promise<unknown>]> = [
      ['我的库存 / 曾采购', '/search/parts/myes', () => page.getByRole('textbox', { name: 'OE号或配件名称' }).waitFor()],
      ['采购记录', '/search/purchase', () => page.getByRole('button', { name: '查询' }).waitFor()],
      ['油品查询', '/search/oil', () => page.getByRole('group', { name: '油品筛选' }).waitFor()],
      ['新车型', '/search/newvehicle', () => page.locator('.vehicle-card').first().waitFor()],
    ];
    for (const [label, path, ready] of pages) {
      await touchable(more.getByRole('link', { name: label }));
      await more.getByRole('link', { name: label }).click();
      await page.waitForURL((u) => u.pathname === path);
      await ready();
      await fits(page);
      await e2e.shot(page, `mobile-search-more-${path.split('/').pop()}`);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/ofo/search');
      await more.waitFor();
    }
    await page.goto(`${e2e.url}/search/explosive`);
    await page.waitForURL((u) => u.pathname === '/im/illustration');
    await fits(page);
    await context.close();
  });

  it('a chat conversation full-screen: the buyer asks from a card, the seller answers, the buyer sees it live', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string; short_name: string }>(`
      select s.oe_norm, c.short_name from stock s join company c on c.id = s.company_id where s.company_id = 2 and s.state = 'on' and s.quantity > 0 order by s.id limit 1`);
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    const { context, page } = await phone();
    await signInPhone(page, '/im', 'buyer');
    await fits(page);
    await e2e.shot(page, 'mobile-im-list-empty');
    // 电脑版 keeps the desktop pages for the session; there the offer brings the phone page back,
    // and its 不再提示 is remembered across pages and reloads
    await page.goto(`${e2e.url}/ofo/cart`);
    await page.getByRole('link', { name: '电脑版' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const offer = page.getByRole('region', { name: '手机版' });
    await touchable(offer.getByRole('button', { name: '不再提示' }));
    await offer.getByRole('button', { name: '不再提示' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await page.locator('.cart-page').waitFor();
    await expect(offer).toHaveCount(0);
    await page.goto(`${e2e.url}/ofo/search?code=${pick.oe_norm}`);
    const ask = page.getByRole('button', { name: `${msg.chatWithSeller} ${pick.short_name}` }).first();
    await touchable(ask);
    await ask.click();
    await page.waitForURL((u) => u.pathname.startsWith('/im/chat/'));
    await expect.poll(() => page.locator('[data-testid="chat-status"]').count()).toBe(0);
    const box = page.getByRole('textbox', { name: '输入消息' });
    await box.fill(`你好，${pick.oe_norm} 有现货吗？`);
    const send = page.getByRole('button', { name: msg.chatSend, exact: true });
    await touchable(send);
    await send.click();
    const messages = page.getByRole('log').getByTestId('chat-message');
    await expect(messages).toHaveCount(1);
    // the seller answers from the desktop window
    const notice = seller.page.getByRole('button', { name: /^来自 .*王志强 的新消息$/ });
    await notice.click();
    const reply = seller.page.getByRole('dialog', { name: msg.chat }).getByRole('textbox', { name: '输入消息' });
    await reply.fill('有的，今天可以发货。');
    await reply.press('Enter');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('今天可以发货');
    await expect(messages.nth(1)).toHaveAttribute('data-direction', '2');
    await fits(page);
    await e2e.shot(page, 'mobile-im-conversation');
    await page.getByRole('button', { name: '名片' }).click();
    await page.getByRole('complementary', { name: msg.chatSupplierCard }).getByText('陈骏达').waitFor();
    await fits(page);
    await e2e.shot(page, 'mobile-im-card');
    // 返回 goes back to the results it was opened from; 消息 lists the conversation, read
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((u) => u.pathname === '/ofo/search');
    await page.getByRole('navigation', { name: '手机版导航' }).getByRole('link', { name: /^消息/ }).click();
    await page.waitForURL(() => pathOf(page) === '/im');
    const conv = page.getByTestId('conversation');
    await expect(conv).toHaveCount(1);
    await expect(conv).toContainText('今天可以发货');
    await expect(conv.locator('.chat-badge')).toHaveCount(0);
    await fits(page);
    await e2e.shot(page, 'mobile-im-list');
    await context.close();
    await seller.context.close();
  });

  it('a cart of 5 lines edited while the network flaps off and on ten times ends on the server exactly as the screen shows it', async () => {
    const { rows: [u] } = await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
    await e2e.pglite.query('delete from cart_item where user_id = $1', [u.id]);
    const { rows: stock } = await e2e.pglite.query<{ id: number }>(`
      select id from stock where state = 'on' and company_id not in (1, 3) and price0 is not null order by id limit 5`);
    await e2e.pglite.query('update stock set quantity = 50 where id = any($1)', [stock.map((s) => s.id)]);
    await e2e.pglite.query(`insert into cart_item (user_id, company_id, stock_id, qty) select $1, $2, id, 1 from stock where id = any($3)`, [u.id, u.company_id, stock.map((s) => s.id)]);
    const { context, page } = await phone();
    await signInPhone(page, '/ofo/cart', 'buyer');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(5);
    // the pauses pace the flapping (how long the network stays off, then on); nothing is read
    // during them: the end state is awaited below with polls
    for (let round = 0; round < 10; round++) {
      await context.setOffline(true);
      const off = lines.nth(round % 5);
      await off.getByRole('button', { name: /^增加/ }).click();
      if (round % 3 === 0) await off.getByRole('switch', { name: /^含税/ }).click();
      await page.waitForTimeout(150);
      await context.setOffline(false);
      await lines.nth((round + 2) % 5).getByRole('button', { name: /^增加/ }).click();
      await page.waitForTimeout(200);
    }
    // everything synced: nothing waits, nothing pending on a line
    await expect.poll(() => page.getByTestId('cart-waiting').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('line-pending').count(), { timeout: 30_000 }).toBe(0);
    await page.waitForLoadState('networkidle');
    await fits(page);
    await e2e.shot(page, 'mobile-cart-after-flapping');
    const screen = await lines.evaluateAll((els) => els.map((el) => ({
      stock_id: Number(el.getAttribute('data-stock-id')),
      qty: Number((el.querySelector('input[aria-label^="数量"]') as HTMLInputElement).value),
      include_tax: el.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true',
    })).sort((a, b) => a.stock_id - b.stock_id));
    const { rows: server } = await e2e.pglite.query<{ stock_id: number; qty: number; include_tax: boolean }>(
      'select stock_id, qty, include_tax from cart_item where user_id = $1 order by stock_id', [u.id]);
    expect(server).toEqual(screen);
    // no line doubled or lost, and each of the 20 increments landed once: 5 pieces + 20
    expect(server.map((r) => r.stock_id)).toEqual(stock.map((s) => s.id).sort((a, b) => a - b));
    expect(server.reduce((s, r) => s + r.qty, 0)).toBe(25);
    // the tax flag was switched on rounds 0, 3, 6 and 9: lines 0, 3, 1 and 4
    expect(screen.filter((l) => l.include_tax)).toHaveLength(4);
    await context.close();
  });
});
