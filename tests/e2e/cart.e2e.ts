/**
 * Browser end-to-end for the cart: a buyer adds parts of two sellers from an OE search result, the
 * side toolbar counts them, /cart shows them grouped by seller, the quantity and tax flag change
 * the amount the server computes, a removal empties a group, and an add made offline lands once
 * when the network returns. Screenshots: cart-oe-results, cart-page, cart-empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartText } from '../../src/shared/contracts';
import { installedApp, contextDefaults, startE2E, type E2E } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('cart', () => {
  it('adds from an OE search, counts in the toolbar, groups by seller, changes quantity and tax, removes', async () => {
    // an OE number stocked by at least two sellers other than the buyer's company (3)
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null
      group by oe_norm having count(distinct company_id) >= 2 order by oe_norm limit 1`);
    await e2e.pglite.query(`update stock set quantity = 6, price0 = 12000, price1 = 13560, price99 = 15000 where oe_norm = $1`, [pick.oe_norm]);

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const toolbarCart = page.getByRole('link', { name: /^购物车/ });
    await expect(toolbarCart).toHaveAttribute('aria-label', '购物车');

    await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const adds = page.getByRole('button', { name: /^加入购物车/ });
    await adds.first().waitFor();
    await adds.nth(0).click();
    await page.getByRole('button', { name: /^已加入/ }).first().waitFor();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');
    // the same row again adds one more piece, not a second line
    await page.getByRole('button', { name: /^已加入/ }).first().click();
    // a row of another seller
    const sellers = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[0]?.textContent ?? ''));
    const second = sellers.findIndex((s) => s !== sellers[0]);
    expect(second).toBeGreaterThan(0);
    await page.locator('tbody tr').nth(second).getByRole('button', { name: /^加入购物车/ }).click();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('2');
    await e2e.shot(page, 'cart-oe-results');

    await toolbarCart.click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const groups = page.getByTestId('cart-group');
    await expect.poll(() => groups.count()).toBe(2);
    const firstLine = groups.nth(0).getByTestId('cart-line').first();
    await expect(firstLine.getByRole('textbox')).toHaveValue('2');
    await expect(firstLine.getByTestId('line-amount')).toHaveText('¥240.00');
    await expect(page.getByTestId('checked-amount')).toHaveText('¥360.00');

    await firstLine.getByRole('button', { name: /^增加/ }).click();
    await expect.poll(() => firstLine.getByTestId('line-amount').innerText()).toBe('¥360.00');
    await expect(firstLine.getByRole('textbox')).toHaveValue('3');
    // more than the stock: the page says so and keeps the quantity
    await firstLine.getByRole('textbox').fill('99');
    await firstLine.getByRole('textbox').press('Enter');
    await expect(firstLine.getByRole('alert')).toHaveText(cartText.notEnough(6, 0));
    await expect(firstLine.getByRole('textbox')).toHaveValue('3');
    // including tax charges the wholesale price with tax
    await firstLine.getByRole('checkbox', { name: /^含税/ }).click();
    await expect.poll(() => firstLine.getByTestId('line-amount').innerText()).toBe('¥406.80');
    await expect(firstLine).toContainText('批发价(含税)');
    // unticking the seller leaves only the other group in the total
    await groups.nth(0).getByRole('checkbox', { name: /^选择 .* 的全部配件/ }).click();
    await expect.poll(() => page.getByTestId('checked-amount').innerText()).toBe('¥120.00');
    await e2e.shot(page, 'cart-page');

    // removing the only line of the second seller removes the group, and the count follows
    await groups.nth(1).getByRole('button', { name: /^删除/ }).click();
    await expect.poll(() => groups.count()).toBe(1);
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');
    // the seller takes the remaining row off sale: it stays, marked, out of the count and the total
    const remaining = groups.nth(0).getByTestId('cart-line');
    await expect(remaining).toHaveAttribute('data-stock-id', /^\d+$/);
    const stockId = Number(await remaining.getAttribute('data-stock-id'));
    await e2e.pglite.query(`update stock set state = 'off' where id = $1`, [stockId]);
    await page.reload();
    await page.getByTestId('cart-line').getByText('已下架').waitFor();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect(page.getByTestId('checked-amount')).toHaveText('¥0.00');
    // (the picture waits for the page's entry transition to end)
    await e2e.shot(page, 'cart-unavailable');
    await page.getByRole('button', { name: '清除失效配件' }).click();
    await page.getByText('购物车是空的').waitFor();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await e2e.shot(page, 'cart-empty');
    await context.close();
  });

  it('an add made offline is queued and lands once when the network returns', async () => {
    // the first test left the cart empty
    const { rows: [row] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null order by id desc limit 1`);
    const { context, page } = await e2e.newPage(installedApp);
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/parts/oe?code=${row.oe_norm}`);
    const add = page.getByRole('button', { name: /^加入购物车/ }).first();
    await add.waitFor();
    await context.setOffline(true);
    await add.click();
    await page.getByRole('status').filter({ hasText: '离线，联网后自动加入' }).waitFor();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toBe('1');
    const { rows } = await e2e.pglite.query<{ qty: number }>(`select qty from cart_item c join app_user u on u.id = c.user_id where u.username = 'buyer'`);
    expect(rows).toEqual([{ qty: 1 }]);
    // lines are ticked when added: 删除选中 empties the cart
    await page.getByRole('link', { name: /^购物车/ }).click();
    await page.getByRole('button', { name: '删除选中' }).click();
    await page.getByText('购物车是空的').waitFor();
    await context.close();
  });

  it('an add queued offline survives a reload with the network off, and lands once the page has a token again', async () => {
    const { rows: [row] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null order by id desc limit 1`);
    const { context, page } = await e2e.newPage(installedApp);
    await e2e.signIn(page, '/login', 'buyer');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${e2e.url}/search/parts/oe?code=${row.oe_norm}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const add = page.getByRole('button', { name: /^加入购物车/ }).first();
    await add.waitFor();
    await context.setOffline(true);
    await add.click();
    await page.getByRole('status').filter({ hasText: '离线，联网后自动加入' }).waitFor();
    // the reload forgets the access token (memory only); the shell opens from the service worker
    await page.reload();
    await page.locator('.topbar').getByText('王志强').waitFor();
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/user/token/refresh') && r.status() === 200);
    await context.setOffline(false);
    await renewed;
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toBe('1');
    const { rows } = await e2e.pglite.query<{ qty: number }>(`select qty from cart_item c join app_user u on u.id = c.user_id where u.username = 'buyer'`);
    expect(rows).toEqual([{ qty: 1 }]);
    await e2e.pglite.query(`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`);
    await context.close();
  });

  it('sends a guest to the login page and back, and gives users without the cart codes no cart', async () => {
    const guest = await e2e.newPage();
    await guest.page.goto(`${e2e.url}/cart`);
    await guest.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/cart');
    await guest.context.close();

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(`${e2e.url}/cart`);
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await page.getByLabel('工具栏').getByRole('button', { name: '在线咨询' }).waitFor();
    await expect(page.getByLabel('工具栏').getByRole('link', { name: /^购物车/ })).toHaveCount(0);
    await context.close();
  });

  it('a cart reloaded offline opens from the stored copy and says from when, instead of loading for ever', async () => {
    const { rows: [u] } = await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`
      insert into cart_item (user_id, company_id, stock_id, qty)
      select $1, $2, id, 2 from stock where state = 'on' and company_id not in (1, 3) and quantity > 5 and price0 is not null order by id limit 1`, [u.id, u.company_id]);
    const { context, page } = await e2e.newPage(installedApp);
    await e2e.signIn(page, '/login', 'buyer');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${e2e.url}/cart`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByTestId('cart-group')).toHaveCount(1);
    // the cart is kept for offline use once fetched
    await expect.poll(() => page.evaluate(() => localStorage.getItem('qph-query-cache')?.includes('"cart","list"') ?? false)).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('cart-offline')).toContainText('离线：显示');
    await expect(page.getByTestId('cart-group')).toHaveCount(1);
    await expect(page.getByText('正在加载购物车…')).toHaveCount(0);
    await context.setOffline(false);
    await e2e.pglite.query('delete from cart_item where user_id = $1', [u.id]);
    await context.close();
  });

  it('on a 1024×768 and a 768×1024 touch tablet the results, the cart and the orders fit, and 去结算 is reachable', async () => {
    const { rows: [u] } = await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 5 and price0 is not null order by id limit 1`);
    await e2e.pglite.query(`
      insert into cart_item (user_id, company_id, stock_id, qty)
      select $1, $2, id, 1 from stock where state = 'on' and company_id not in (1, 3) and quantity > 5 and price0 is not null order by id limit 3`, [u.id, u.company_id]);
    const fits = async (page: import('playwright-core').Page, width: number) =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const [width, height] of [[1024, 768], [768, 1024]]) {
      const context = await e2e.browser.newContext({ viewport: { width, height }, hasTouch: true, ...contextDefaults });
      const page = await context.newPage();
      await e2e.signIn(page, '/login', 'buyer');
      await page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
      const add = page.getByRole('button', { name: /^加入购物车/ }).first();
      await add.waitFor();
      await fits(page, width);
      // the last columns are reached by scrolling the table, not the page
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollX)).toBe(0);

      await page.goto(`${e2e.url}/cart`);
      await expect(page.locator('[data-testid="cart-group"] tbody tr')).toHaveCount(3);
      await fits(page, width);
      const checkout = page.getByRole('button', { name: '去结算' });
      await checkout.scrollIntoViewIfNeeded();
      await expect(checkout).toBeVisible();
      await e2e.shot(page, `cart-tablet-${width}`);
      await checkout.tap();
      await page.waitForURL((url) => url.pathname === '/cart/order/create');
      await fits(page, width);

      await page.goto(`${e2e.url}/backend/order/purchase`);
      await page.getByRole('region', { name: '采购订单' }).waitFor();
      await fits(page, width);
      await context.close();
    }
    await e2e.pglite.query('delete from cart_item where user_id = $1', [u.id]);
  });

  it('checkout saves the typed address to the address book, the next checkout starts from it, and a price raised meanwhile waits for the buyer to accept it', async () => {
    const { rows: [u] } = await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`
      insert into cart_item (user_id, company_id, stock_id, qty)
      select $1, $2, id, 1 from stock where state = 'on' and company_id not in (1, 3) and quantity > 5 and price0 is not null order by id limit 1`, [u.id, u.company_id]);
    const first = await e2e.newPage();
    await e2e.signIn(first.page, '/login', 'buyer');
    await first.page.goto(`${e2e.url}/cart/order/create`);
    await first.page.locator('#checkout-contact_name').fill('王志强');
    await first.page.locator('#checkout-contact_phone').fill('021-64881234');
    await first.page.locator('#checkout-address').fill('上海市闵行区七莘路1888号3号仓库');
    await first.page.getByRole('button', { name: '保存到地址簿' }).click();
    await expect(first.page.getByRole('status').filter({ hasText: '已保存到地址簿' })).toHaveCount(1);
    await first.context.close();

    // another tab (no draft): the default address is already there, and can be picked from the book
    const next = await e2e.newPage();
    await e2e.signIn(next.page, '/login', 'buyer');
    await next.page.goto(`${e2e.url}/cart/order/create`);
    await expect(next.page.locator('#checkout-address')).toHaveValue('上海市闵行区七莘路1888号3号仓库');
    await expect(next.page.locator('#checkout-contact_phone')).toHaveValue('021-64881234');
    await expect(next.page.getByRole('button', { name: '保存到地址簿' })).toHaveCount(0);

    // the seller raises the price while the form is open: read again, the form says so and the
    // order waits for the buyer to accept the new price instead of taking it silently
    const total = next.page.getByTestId('checkout-total');
    const before = await total.innerText();
    await e2e.pglite.query(`
      update stock set price99 = price99 + 1000, price0 = price0 + 1000, price1 = price1 + 1000, price2 = price2 + 1000, price3 = price3 + 1000, price5 = price5 + 1000
      where id = (select stock_id from cart_item where user_id = $1)`, [u.id]);
    await next.page.reload();
    const changes = next.page.getByTestId('line-changes');
    await expect(changes).toContainText('单价由');
    await expect(total).not.toHaveText(before);
    await e2e.shot(next.page, 'checkout-price-changed');
    await next.page.getByRole('button', { name: '提交订单' }).click();
    await expect(next.page.getByRole('alert').filter({ hasText: '请先查看并接受新价格' })).toHaveCount(1);
    await changes.getByRole('button', { name: '接受新价格' }).click();
    await expect(changes).toHaveCount(0);
    await next.page.getByRole('button', { name: '提交订单' }).click();
    await next.page.waitForURL((url) => url.pathname === '/cart/order/complete');
    await next.context.close();
    await e2e.pglite.query('delete from cart_item where user_id = $1', [u.id]);
  });
});
