/**
 * Browser end-to-end for chat beyond two people, three users: the buyer remarks a friend
 * and makes a group of the seller and the platform's customer service from the friends tab; the
 * buyer's dropped text file is refused and a large photo goes in compressed under 100 KB; the
 * seller gets the buyer's Vietnamese question in the group live and answers with a quick reply,
 * which goes in in Vietnamese; the customer-service account sees the group with both messages;
 * the buyer then invites customer service into the private chat with the seller, which becomes a
 * group of three. Screenshots under /tmp/shots-chat-groups/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { startE2E, type E2E } from './harness';
import { chatWindow, shotsIn, messagesIn } from './chat-page';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const shot = shotsIn('/tmp/shots-chat-groups');
const openChatButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^${msg.chat}( \\d+条未读)?$`) });
const QUESTION = 'Má phanh trước còn hàng không?';

describe('chat groups', () => {
  it('a group of three from friends, a Vietnamese quick reply, and customer service invited into a private chat', async () => {
    // friends (made by 加为好友 on a card, tested in the integration tests) and the seller's quick reply, set up directly
    await e2e.pglite.query(`insert into im_friend (user_id, friend_id)
      select a.id, b.id from app_user a, app_user b where a.username = 'buyer' and b.username in ('seller', 'operator')
      union all select b.id, a.id from app_user a, app_user b where a.username = 'buyer' and b.username in ('seller', 'operator')`);

    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await openChatButton(buyer.page).click();
    const win = chatWindow(buyer.page);
    await win.getByRole('tab', { name: msg.chatTabFriends }).click();
    const friends = win.getByRole('navigation', { name: '好友列表' });
    await friends.getByRole('button', { name: '和 陈骏达 聊天' }).waitFor();
    // a remark shows instead of the name; emptied, the name comes back
    await friends.getByRole('button', { name: '备注 陈骏达' }).click();
    await friends.getByRole('textbox', { name: '陈骏达 的备注' }).fill('老陈');
    await friends.getByRole('button', { name: '保存' }).click();
    await friends.getByRole('button', { name: '和 老陈 聊天' }).waitFor();
    await shot(buyer.page, 'groups-01-friends-tab');

    await friends.getByRole('button', { name: '发起群聊' }).click();
    await friends.getByRole('checkbox', { name: '选择 老陈' }).check();
    await friends.getByRole('button', { name: '创建群聊' }).click();
    // one friend is not a group, and a name is needed: the server's words
    await expect(win.getByRole('alert').first()).toContainText('群名称');
    await friends.getByRole('textbox', { name: '群名称' }).fill('刹车片采购群');
    await friends.getByRole('button', { name: '创建群聊' }).click();
    await expect(win.getByRole('alert').first()).toContainText('请至少选择两位好友建群');
    await friends.getByRole('checkbox', { name: '选择 运营管理员' }).check();
    await friends.getByRole('button', { name: '创建群聊' }).click();
    const members = win.getByRole('complementary', { name: msg.chatGroupMembers });
    await expect(members.getByTestId('group-member')).toHaveCount(3);
    const box = win.getByRole('textbox', { name: '输入消息' });
    await box.fill(QUESTION);
    await box.press('Enter');
    await expect(messagesIn(buyer.page)).toHaveCount(1);
    await shot(buyer.page, 'groups-02-buyer-group');

    // an image: a dropped text file is refused; a large photo is compressed in the page under 100 KB and sent
    const drop = (kind: 'text' | 'photo') => buyer.page.evaluate(async (k) => {
      let file: File;
      if (k === 'text') file = new File(['不是图片'], 'note.txt', { type: 'text/plain' });
      else {
        const canvas = document.createElement('canvas');
        canvas.width = 1800;
        canvas.height = 1200;
        const g = canvas.getContext('2d')!;
        // noise does not compress: the JPEG starts far over 100 KB
        const img = g.createImageData(1800, 1200);
        for (let i = 0; i < img.data.length; i++) img.data[i] = (i * 2654435761) % 251;
        g.putImageData(img, 0, 0);
        const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.95));
        file = new File([blob], 'brake-pads.jpg', { type: 'image/jpeg' });
      }
      const dt = new DataTransfer();
      dt.items.add(file);
      document.querySelector('.chat-composer')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      return file.size;
    }, kind);
    await drop('text');
    await expect(win.getByRole('alert').filter({ hasText: msg.chooseImage })).toHaveText(msg.chooseImage);
    expect(await drop('photo')).toBeGreaterThan(300 * 1024);
    await expect(messagesIn(buyer.page)).toHaveCount(2, { timeout: 60_000 });
    const src = await messagesIn(buyer.page).nth(1).locator('img').getAttribute('src');
    const stored = await buyer.page.evaluate(async (u) => (await (await fetch(u!)).arrayBuffer()).byteLength, src);
    expect(stored).toBeLessThanOrEqual(100 * 1024);
    // the emoji picker loads on demand
    await win.getByRole('button', { name: '表情', exact: true }).click();
    await expect(win.locator('em-emoji-picker')).toBeVisible();
    await shot(buyer.page, 'groups-02a-image-and-emoji');
    await win.getByRole('button', { name: '表情', exact: true }).click();

    // the seller: the group's message came live; a quick reply goes in in the chat's language (Vietnamese)
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    // the seller's phrases, kept in the back office's 聊天设置
    await seller.page.goto(`${e2e.url}/backend/quote/chat`);
    await seller.page.getByRole('button', { name: '添加快捷回复' }).click();
    const dialog = seller.page.getByRole('dialog', { name: '添加快捷回复' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请填写中文快捷回复')).toBeVisible();
    await dialog.getByRole('textbox', { name: '中文' }).fill('前刹车片有现货，今天发货');
    await dialog.getByRole('textbox', { name: '越南语' }).fill('Má phanh trước có sẵn, gửi hôm nay');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(seller.page.getByRole('status').filter({ hasText: '已添加' })).toHaveText('已添加：前刹车片有现货，今天发货');
    await shot(seller.page, 'groups-03a-chat-settings');
    await seller.page.goto(`${e2e.url}/search/parts`);
    await openChatButton(seller.page).click();
    const sellerWin = chatWindow(seller.page);
    await sellerWin.getByRole('button', { name: /^刹车片采购群/ }).click();
    await expect(messagesIn(seller.page).first()).toContainText(QUESTION);
    await expect(messagesIn(seller.page)).toHaveCount(2);
    await expect(messagesIn(seller.page).first()).toContainText('王志强');
    await sellerWin.getByRole('button', { name: '快捷回复' }).click();
    await sellerWin.getByRole('menuitem', { name: 'Má phanh trước có sẵn, gửi hôm nay' }).waitFor();
    await shot(seller.page, 'groups-03-seller-quick-reply');
    await sellerWin.getByRole('menuitem', { name: 'Má phanh trước có sẵn, gửi hôm nay' }).click();
    const reply = sellerWin.getByRole('textbox', { name: '输入消息' });
    await expect(reply).toHaveValue('Má phanh trước có sẵn, gửi hôm nay');
    await reply.press('Enter');
    await expect(messagesIn(seller.page)).toHaveCount(3);
    // the buyer sees it live
    await expect(messagesIn(buyer.page)).toHaveCount(3);
    await expect(messagesIn(buyer.page).nth(2)).toContainText('gửi hôm nay');

    // the third member, customer service, has the group with both messages
    const service = await e2e.newPage();
    await e2e.signIn(service.page, '/login', 'operator');
    await openChatButton(service.page).click();
    await chatWindow(service.page).getByRole('button', { name: /^刹车片采购群/ }).click();
    await expect(messagesIn(service.page)).toHaveCount(3);

    // 邀请客服 in the buyer's private chat with the seller: it becomes a group of three
    await win.getByRole('tab', { name: msg.chatTabFriends }).click();
    await friends.getByRole('button', { name: '和 老陈 聊天' }).click();
    await expect(win.getByRole('complementary', { name: msg.chatSupplierCard })).toContainText('已是好友');
    await win.getByRole('button', { name: '邀请客服' }).click();
    await shot(buyer.page, 'groups-04-invite-menu');
    await win.getByRole('menuitem', { name: '运营管理员' }).click();
    await expect(members.getByTestId('group-member')).toHaveCount(3);
    await expect(members).toContainText('客服咨询：陈骏达');
    // in a group there is no invite
    await expect(win.getByRole('button', { name: '邀请客服' })).toHaveCount(0);
    await shot(buyer.page, 'groups-05-service-group');
    for (const c of [buyer, seller, service]) await c.context.close();
  });
});
