/**
 * Browser end-to-end for blocking (拉黑): the buyer writes to the seller from a search row; the
 * seller blocks the buyer from the contact card; the buyer's next message is refused with the
 * Chinese message and never reaches the seller; the seller's friends tab lists the buyer under
 * 黑名单 and 取消拉黑 lets messages through again. Screenshots under /tmp/shots-chat-block/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imText } from '../../src/shared/contracts';
import { msg } from '../../src/shared/messages';
import { startE2E, type E2E } from './harness';
import { chatWindow, shotsIn, messagesIn } from './chat-page';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const shot = shotsIn('/tmp/shots-chat-block');

describe('chat blocking', () => {
  it('the seller blocks the buyer: the buyer\'s message is refused and stored nowhere; unblocking lets it through', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string; short_name: string }>(`
      select s.oe_norm, c.short_name from stock s join company c on c.id = s.company_id
      where s.company_id = 2 and s.state = 'on' order by s.id limit 1`);
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    const ask = buyer.page.getByRole('button', { name: `${msg.chatWithSeller} ${pick.short_name}` }).first();
    await ask.waitFor();
    await ask.click();
    const win = chatWindow(buyer.page);
    await win.waitFor();
    await expect.poll(() => win.getByTestId('chat-status').getAttribute('data-status')).toBe('connected');
    const box = win.getByRole('textbox', { name: '输入消息' });
    await box.fill('你好，请问有货吗？');
    await box.press('Enter');
    await expect.poll(() => messagesIn(buyer.page).count()).toBe(1);

    // the seller opens the message and blocks the buyer from the card
    const notice = seller.page.getByRole('button', { name: /^来自 .* 的新消息$/ });
    await notice.waitFor();
    await notice.click();
    const sellerWin = chatWindow(seller.page);
    await expect.poll(() => messagesIn(seller.page).count()).toBe(1);
    const card = sellerWin.getByRole('complementary', { name: msg.chatSupplierCard });
    await card.getByRole('button', { name: '拉黑' }).click();
    await card.getByText('已拉黑，对方的消息将被拒收').waitFor();
    await shot(seller.page, 'block-01-seller-blocked');

    // the buyer's next message is refused with the Chinese message; the seller never gets it
    await box.fill('为什么不回复？');
    await box.press('Enter');
    await win.getByText(imText.blocked).waitFor();
    await shot(buyer.page, 'block-02-buyer-refused');
    const stored = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from im_message where text = '为什么不回复？'`);
    expect(stored.rows[0].n).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    await expect(messagesIn(seller.page)).toHaveCount(1);

    // the seller's friends tab lists the buyer under 黑名单; 取消拉黑 there
    await sellerWin.getByRole('tab', { name: msg.chatTabFriends }).click();
    const blocked = sellerWin.getByRole('region', { name: '黑名单' });
    await blocked.waitFor();
    await shot(seller.page, 'block-03-seller-list');
    // the same at 1024 × 768, the window opened afresh at that size
    await seller.page.setViewportSize({ width: 1024, height: 768 });
    await seller.page.reload();
    await seller.page.locator('button.side-toolbar-chat').click();
    await chatWindow(seller.page).getByRole('tab', { name: msg.chatTabFriends }).click();
    await chatWindow(seller.page).getByRole('region', { name: '黑名单' }).waitFor();
    await shot(seller.page, 'block-04-seller-list-1024');
    const sellerWin2 = chatWindow(seller.page);
    await sellerWin2.getByRole('region', { name: '黑名单' }).getByRole('button', { name: /^取消拉黑 / }).click();
    await expect.poll(() => sellerWin2.getByRole('region', { name: '黑名单' }).count()).toBe(0);

    await box.fill('现在可以收到吗？');
    await box.press('Enter');
    await expect.poll(async () => (await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from im_message where text = '现在可以收到吗？'`)).rows[0].n).toBe(1);
    await expect(win.getByText(imText.blocked)).toHaveCount(0);
  }, 120_000);

  it('im_client_params names a RongCloud key but the server has none: getLoginIm refuses, the SDK chunk is not loaded, chat runs on /ws', async () => {
    await e2e.pglite.query(`update system_param set value = '{"app_key":"qph5e2eappkey"}' where key = 'im_client_params'`);
    try {
      const buyer = await e2e.newPage();
      const asked: string[] = [];
      buyer.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      const warnings: string[] = [];
      buyer.page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
      await e2e.signIn(buyer.page, '/login', 'buyer');
      await expect.poll(() => asked.some((p) => p === '/api/im/login')).toBe(true);
      await expect.poll(() => warnings.some((w) => w.includes('the RongCloud transport could not start'))).toBe(true);
      await buyer.page.locator('button.side-toolbar-chat').click();
      const win = chatWindow(buyer.page);
      await win.waitFor();
      await expect.poll(() => win.getByTestId('chat-status').getAttribute('data-status')).toBe('connected');
      expect(asked.filter((p) => p.includes('rong-transport'))).toEqual([]);
      await shot(buyer.page, 'rong-01-fallback-ws');
    } finally {
      await e2e.pglite.query(`update system_param set value = '{"app_key":""}' where key = 'im_client_params'`);
    }
  }, 120_000);
});
