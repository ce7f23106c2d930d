/**
 * Browser end-to-end for chat: a buyer opens chat from a seller's row of an OE search result and
 * sends a message; the seller (a second browser context) gets the notice and the toolbar's unread
 * dot live, opens chat, replies, and the buyer sees the reply live. A message typed offline waits
 * in the outbox and arrives once when the network returns; a guest is sent to the login page; a
 * sign-in elsewhere closes the window. Screenshots under /tmp/shots-chat/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { pathOf, startE2E, type E2E } from './harness';
import { chatWindow, shotsIn, messagesIn } from './chat-page';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const shot = shotsIn('/tmp/shots-chat');

describe('chat', () => {
  it('buyer asks from a search row, seller sees the dot, replies, buyer sees it live', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string; short_name: string }>(`
      select s.oe_norm, c.short_name from stock s join company c on c.id = s.company_id
      where s.company_id = 2 and s.state = 'on' order by s.id limit 1`);

    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await expect(seller.page.getByTestId('chat-unread-dot')).toHaveCount(0);

    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const ask = buyer.page.getByRole('button', { name: `${msg.chatWithSeller} ${pick.short_name}` }).first();
    await ask.waitFor();
    await shot(buyer.page, 'chat-01-search-row');
    await ask.click();
    const win = chatWindow(buyer.page);
    await win.waitFor();
    await expect.poll(() => win.getByTestId('chat-status').getAttribute('data-status')).toBe('connected');
    // the seller's card: phone and QQ for a formal member
    await win.getByRole('complementary', { name: msg.chatSupplierCard }).getByText('陈骏达').waitFor();
    const box = win.getByRole('textbox', { name: '输入消息' });
    await box.fill(`你好，${pick.oe_norm} 有现货吗？`);
    await box.press('Enter');
    await expect.poll(() => messagesIn(buyer.page).count()).toBe(1);
    await expect(messagesIn(buyer.page).first()).toContainText(pick.oe_norm);
    await expect(box).toHaveValue('');
    await shot(buyer.page, 'chat-02-buyer-sent');

    // the seller, without reloading: the notice and the red dot
    await seller.page.getByTestId('chat-unread-dot').waitFor();
    const notice = seller.page.getByRole('button', { name: /^来自 .*王志强 的新消息$/ });
    await notice.waitFor();
    await shot(seller.page, 'chat-03-seller-notice');
    await notice.click();
    const sellerWin = chatWindow(seller.page);
    await sellerWin.waitFor();
    await expect.poll(() => messagesIn(seller.page).count()).toBe(1);
    await expect(messagesIn(seller.page).first()).toHaveAttribute('data-direction', '2');
    // reading it clears the dot
    await expect.poll(() => seller.page.getByTestId('chat-unread-dot').count()).toBe(0);
    await expect.poll(() => sellerWin.getByTestId('conv-unread').count()).toBe(0);
    const reply = sellerWin.getByRole('textbox', { name: '输入消息' });
    await reply.fill('有的，库存充足，今天下午可以发货。');
    await reply.press('Enter');
    await expect.poll(() => messagesIn(seller.page).count()).toBe(2);
    await shot(seller.page, 'chat-04-seller-replied');

    // the buyer sees the reply live, once
    await expect.poll(() => messagesIn(buyer.page).count()).toBe(2);
    await expect(messagesIn(buyer.page).nth(1)).toContainText('库存充足');
    await expect(messagesIn(buyer.page).nth(1)).toHaveAttribute('data-direction', '2');

    // offline: the message waits in the outbox, then arrives once
    await buyer.context.setOffline(true);
    await box.fill('离线时写的消息');
    await box.press('Enter');
    await win.getByText(msg.chatQueued).waitFor();
    await shot(buyer.page, 'chat-05-buyer-offline-queued');
    await buyer.context.setOffline(false);
    await buyer.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => messagesIn(seller.page).count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => win.getByText(msg.chatQueued).count()).toBe(0);
    await expect.poll(() => messagesIn(buyer.page).count()).toBe(3);
    const { rows: [stored] } = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from im_message where text = '离线时写的消息'`);
    expect(stored.n).toBe(1);

    // history survives a reload
    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: msg.chat, exact: true }).click();
    await expect.poll(() => messagesIn(buyer.page).count()).toBe(3);
    await shot(buyer.page, 'chat-06-buyer-after-reload');

    // the buyer signs in elsewhere on the same device type: this window closes
    const again = await e2e.newPage();
    await e2e.signIn(again.page, '/login', 'buyer');
    await expect.poll(() => chatWindow(buyer.page).count()).toBe(0);
    await buyer.page.getByText(msg.signedOutBody).waitFor();
    for (const c of [seller, buyer, again]) await c.context.close();
  });

  it('the seller sends an order link from its stock (a row without a price is refused), the buyer adds it to the cart from chat', async () => {
    const { rows: [good, bare] } = await e2e.pglite.query<{ id: number; supplier_oe: string; oe_norm: string }>(`
      select id, supplier_oe, oe_norm from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 > 0 order by id limit 2`);
    await e2e.pglite.query('update stock set price99 = null, price0 = null, price1 = null, price2 = null, price3 = null where id = $1', [bare.id]);
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.getByRole('button', { name: msg.chat, exact: true }).click();
    const win = chatWindow(seller.page);
    await win.getByRole('button', { name: /^申通汽修/ }).click();
    await win.getByRole('button', { name: '发送订单链接' }).click();
    const picker = seller.page.getByRole('dialog', { name: '发送订单链接' });
    await expect.poll(async () => Math.round((await picker.boundingBox())?.width ?? 0)).toBe(1200);
    const search = picker.getByRole('textbox', { name: '搜索本公司库存' });
    await search.fill(bare.oe_norm);
    await search.press('Enter');
    await picker.getByRole('button', { name: `发送 ${bare.supplier_oe}` }).click();
    await expect(picker.getByRole('alert')).toContainText('请填写销售价格');
    await search.fill(good.oe_norm);
    await search.press('Enter');
    await picker.getByRole('button', { name: `发送 ${good.supplier_oe}` }).click();
    await expect(picker.getByRole('status')).toContainText('已发送');
    await shot(seller.page, 'chat-07-stock-picker');
    await picker.locator('.p-dialog-header-close').click();
    await expect(win.locator('[data-testid="biz-card"][data-scene="product"]')).toContainText(good.supplier_oe);
    // the composer's currency switch (M11-01): the same row sent in dong, the yuan price beside it
    await win.getByRole('combobox', { name: '订单链接的币种' }).selectOption('VND');
    await win.getByRole('button', { name: '发送订单链接' }).click();
    await search.fill(good.oe_norm);
    await search.press('Enter');
    await picker.getByRole('button', { name: `发送 ${good.supplier_oe}` }).click();
    await expect(picker.getByRole('status')).toContainText('越南盾');
    await picker.locator('.p-dialog-header-close').click();
    await expect(win.locator('[data-testid="biz-card"][data-scene="product"]').last()).toContainText('₫');

    // a quote in chat with no enquiry behind it (sendIMQuoteMsg): a quote card the buyer can accept
    await win.getByRole('button', { name: '快速报价' }).click();
    const quick = seller.page.getByRole('dialog', { name: '快速报价' });
    await quick.getByRole('textbox', { name: 'OE号' }).fill('1K0 698 151');
    await quick.getByRole('textbox', { name: '配件名称' }).fill('前刹车片');
    const price = quick.getByRole('textbox', { name: '报价(元)' });
    await price.press('Enter');
    await expect(quick.getByRole('alert')).toHaveText('请输入报价');
    await price.fill('95.5');
    await price.press('Enter');
    await expect(quick).toHaveCount(0);
    await expect(win.locator('[data-testid="biz-card"][data-scene="weChat-002"]').last()).toContainText('95.50');
    await seller.context.close();

    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.getByRole('button', { name: new RegExp(`^${msg.chat}`) }).click();
    const bwin = chatWindow(buyer.page);
    await bwin.getByRole('button', { name: /^骏达汽配/ }).click();
    const card = bwin.locator('[data-testid="biz-card"][data-scene="product"]').last();
    await card.getByRole('button', { name: '加入购物车' }).click();
    await expect(card.getByRole('status')).toContainText('已加入购物车');
    await shot(buyer.page, 'chat-08-order-link');
    await expect(bwin.locator('[data-testid="biz-card"][data-scene="weChat-002"]').last().getByRole('button', { name: '采纳报价' })).toHaveCount(1);
    const { rows: [inCart] } = await e2e.pglite.query<{ n: number }>('select count(*)::int as n from cart_item where stock_id = $1', [good.id]);
    expect(inCart.n).toBe(1);
    await buyer.context.close();
  });

  it('a guest opening chat goes to the login page', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.url}/`);
    await page.getByRole('button', { name: msg.chat, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});
