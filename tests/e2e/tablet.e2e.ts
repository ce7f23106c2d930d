/**
 * Browser end-to-end of a warehouse tablet at 1024×768 with touch, through the desktop
 * pages: sign-in, OE and keyword search with add to cart from a result row, 联系卖家, the cart and
 * checkout with an address picked from the book, the order list and detail, a conversation opened
 * from the side toolbar, and the seller's stock page with a price edited in place by touch. Every
 * page is checked for sideways scrolling and its key buttons for being visible, finger-sized and
 * clickable. Screenshots: test-results/screenshots/tablet-*.png.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { contextDefaults, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const tablet = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...contextDefaults });
  return { context, page: await context.newPage() };
};

/** the page never scrolls sideways (wide tables scroll inside themselves) */
const fits = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

/** brought into view, visible, at least 40 px high (a finger's target) and clickable */
const touchable = async (button: Locator) => {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  await expect.poll(async () => (await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
  await button.click({ trial: true });
};

describe('warehouse tablet at 1024×768 with touch', () => {
  it('a buyer searches, adds from a row, checks out with a saved address, opens the order and a conversation', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; oe_norm: string; short_name: string }>(`
      select s.id, s.oe_norm, c.short_name from stock s join company c on c.id = s.company_id
      where s.company_id = 2 and s.state = 'on' and s.quantity > 0 and s.price0 is not null order by s.id limit 1`);
    await e2e.pglite.query('update stock set quantity = 20, price0 = 12000, price1 = 13560, price99 = 15000 where id = $1', [pick.id]);
    const { rows: [buyer] } = await e2e.pglite.query<{ company_id: number }>(`select company_id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`insert into address_book (company_id, contact_name, contact_phone, address, is_default, created_at)
      values ($1, '周仓管', '13900001234', '江苏省苏州市吴中区汽配物流园7号库', false, now())`, [buyer.company_id]);
    const { context, page } = await tablet();

    await page.goto(`${e2e.url}/login`);
    await fits(page);
    await e2e.signIn(page, '/login', 'buyer');

    // OE search: the row keeps 加入购物车 and 联系卖家 within reach
    await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const add = page.getByRole('button', { name: /^加入购物车/ }).first();
    await add.waitFor();
    await fits(page);
    await touchable(add);
    await touchable(page.getByRole('button', { name: `${msg.chatWithSeller} ${pick.short_name}` }).first());
    await e2e.shot(page, 'tablet-search-oe');
    await add.tap();
    await page.getByRole('button', { name: /^已加入/ }).first().waitFor();

    // keyword search: add from a result row as well
    await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('刹车片')}`);
    const keywordAdd = page.getByRole('region', { name: '关键词搜索结果' }).getByRole('button', { name: /^加入购物车/ }).first();
    await keywordAdd.waitFor();
    await fits(page);
    await touchable(keywordAdd);
    await e2e.shot(page, 'tablet-search-keyword');
    await keywordAdd.tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('2');

    // the cart and checkout: the address is picked from the book by touch, not typed
    await page.goto(`${e2e.url}/cart`);
    await expect(page.locator('[data-testid="cart-group"] tbody tr')).toHaveCount(2);
    await fits(page);
    // the quantity stepper's + is a finger's width too, not only its height
    const plus = page.locator('[data-testid="cart-group"]').getByRole('button', { name: /^增加/ }).first();
    await touchable(plus);
    // the lines fit whole: 金额 and 删除 in view without scrolling the table sideways
    const overflow = await page.locator('[data-testid="cart-group"] .table-scroll').evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
    expect(overflow.length).toBeGreaterThan(0);
    expect(overflow.filter((px) => px > 0)).toEqual([]);
    await touchable(page.locator('[data-testid="cart-group"]').getByRole('button', { name: /^删除 / }).first());
    expect((await plus.boundingBox())?.width).toBeGreaterThanOrEqual(40);
    const toCheckout = page.getByRole('button', { name: '去结算' });
    await touchable(toCheckout);
    await e2e.shot(page, 'tablet-cart');
    await toCheckout.tap();
    await page.waitForURL((u) => u.pathname === '/cart/order/create');
    await fits(page);
    await page.locator('.address-picker .p-dropdown').tap();
    const saved = page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '周仓管' });
    await touchable(saved);
    await saved.tap();
    await expect(page.getByLabel('收货人')).toHaveValue('周仓管');
    await expect(page.getByLabel('收货地址')).toHaveValue('江苏省苏州市吴中区汽配物流园7号库');
    const submit = page.getByRole('button', { name: '提交订单' });
    await touchable(submit);
    await e2e.shot(page, 'tablet-checkout');
    await submit.tap();
    await page.waitForURL((u) => u.pathname === '/cart/order/complete');
    const orderNo = (await page.getByTestId('complete-order').first().getByRole('link').innerText()).trim();

    // the order list keeps 详情 reachable, and the detail fits
    await page.goto(`${e2e.url}/backend/order/purchase`);
    const row = page.locator(`[data-order-no="${orderNo}"]`);
    await row.waitFor();
    await fits(page);
    const detail = row.getByRole('link', { name: `详情 ${orderNo}` });
    await touchable(detail);
    await e2e.shot(page, 'tablet-orders');
    await detail.tap();
    await page.waitForURL((u) => u.pathname === `/backend/order/detail/${orderNo}`);
    await page.getByText('周仓管').first().waitFor();
    await fits(page);
    await e2e.shot(page, 'tablet-order-detail');

    // a conversation from the side toolbar: started from a search row, reopened from the list
    await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    await page.getByRole('button', { name: `${msg.chatWithSeller} ${pick.short_name}` }).first().tap();
    const win = page.getByRole('dialog', { name: msg.chat });
    const box = win.getByRole('textbox', { name: '输入消息' });
    await box.fill(`${pick.oe_norm} 今天能发货吗？`);
    await box.press('Enter');
    await expect(win.getByRole('log').getByTestId('chat-message')).toHaveCount(1);
    await win.getByRole('button', { name: '关闭聊天' }).tap();
    await page.goto(`${e2e.url}/`);
    const toolbarChat = page.getByRole('button', { name: msg.chat, exact: true });
    await touchable(toolbarChat);
    await toolbarChat.tap();
    await win.getByRole('navigation', { name: msg.chatConversationList }).getByRole('button', { name: new RegExp(pick.short_name) }).first().tap();
    await expect(win.getByRole('log').getByTestId('chat-message')).toHaveCount(1);
    await expect(win.getByRole('log')).toContainText('今天能发货吗');
    await fits(page);
    await touchable(win.getByRole('textbox', { name: '输入消息' }));
    await e2e.shot(page, 'tablet-chat');
    await context.close();
  });

  it('the seller edits a price in place by touch on the stock page', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; supplier_oe: string }>(`
      select id::int as id, supplier_oe from stock where company_id = 2 and state = 'on' and price0 is not null order by id desc limit 1`);
    await e2e.pglite.query('update stock set price_lock = false where id = $1', [pick.id]);
    const { context, page } = await tablet();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend/product/stockAndPrice?supplier_oe=${encodeURIComponent(pick.supplier_oe)}`);
    await page.locator(`[data-testid="list-row"][data-id="${pick.id}"]`).waitFor();
    await fits(page);
    const priceCell = page.getByRole('button', { name: `修改 ${pick.supplier_oe} 批发价(不含税)` }).first();
    await touchable(priceCell);
    await priceCell.tap();
    const input = page.getByRole('textbox', { name: `${pick.supplier_oe} 批发价(不含税)` });
    await input.fill('66.5');
    // the window only: a full-page shot resizes the viewport, which would blur the field and save it early
    await e2e.shot(page, 'tablet-stock-edit', { view: true });
    await expect(input).toHaveValue('66.5');
    await input.press('Enter');
    await expect(page.getByTestId('stock-status')).toContainText('已保存');
    await expect(priceCell).toHaveText('66.50');
    const { rows: [saved] } = await e2e.pglite.query<{ price0: number }>('select price0 from stock where id = $1', [pick.id]);
    expect(saved.price0).toBe(6650);
    await expect.poll(() => page.evaluate(() => window.scrollX)).toBe(0);
    await context.close();
  });
});
