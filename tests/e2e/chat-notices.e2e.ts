/**
 * Browser end-to-end for the message assistant and the offline state: a buyer places an
 * order (over the API), the seller opens chat and finds 消息助手's 新订单 notice naming the order,
 * with 查看详情 opening the order; the composer says the assistant takes no messages. With the
 * network cut the window says 网络不可用, and 已连接 again once it returns. Screenshots under
 * /tmp/shots-chat-notices/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { pathOf, startE2E, type E2E } from './harness';
import { chatWindow, shotsIn } from './chat-page';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const shot = shotsIn('/tmp/shots-chat-notices');

/** the buyer places an order of one stock row of company 2, over the API */
const placeOrder = async () => {
  const api = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(`${e2e.url}/api${path}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'Idempotency-Key': `e2e-notice-${path.replace(/\W/g, '')}-${Date.now()}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return (await r.json()) as { code: number; data: any };
  };
  const token = (await api('/user/auth', { username: 'buyer', password: 'demo123456' })).data.access_token as string;
  const { rows: [stock] } = await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' and quantity > 5 and price0 > 0 order by id limit 1`);
  expect((await api('/cart/add', { stock_id: stock.id, qty: 1 }, token)).code).toBe(200);
  const cart = (await (await fetch(`${e2e.url}/api/cart`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { groups: Array<{ items: Array<{ id: number; stockId: number; amount: number }> }> } };
  const items = cart.data.groups.flatMap((g) => g.items).filter((i) => i.stockId === stock.id);
  const r = await api('/cart/submit', {
    cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0),
    contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号',
  }, token);
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data.orders[0].order_no as string;
};

describe('chat notices and the offline state', () => {
  it('the seller reads the assistant\'s 新订单 notice and opens the order; offline shows 网络不可用', async () => {
    const orderNo = await placeOrder();
    const seller = await e2e.newPage();
    await seller.page.setViewportSize({ width: 1366, height: 768 });
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.getByRole('button', { name: /^在线聊天/ }).click();
    const win = chatWindow(seller.page);
    await win.waitFor();
    await expect.poll(() => win.getByTestId('chat-status').getAttribute('data-status')).toBe('connected');
    await win.getByRole('button', { name: /消息助手/ }).click();
    const card = win.locator('[data-testid="biz-card"][data-scene="notice"]');
    await card.waitFor();
    await expect(card).toContainText('新订单');
    await expect(card).toContainText(orderNo);
    // sending to the assistant is disabled
    await expect(win.getByRole('note')).toHaveText(msg.chatAssistantNoSend);
    await expect(win.getByRole('textbox', { name: '输入消息' })).toHaveCount(0);
    await shot(seller.page, 'notice-01-seller-new-order-1366');
    await seller.page.setViewportSize({ width: 1024, height: 768 });
    await shot(seller.page, 'notice-02-seller-new-order-1024');

    // the network goes: 网络不可用, then back: 已连接
    await seller.context.setOffline(true);
    await expect.poll(() => win.getByTestId('chat-status').textContent()).toBe('网络不可用');
    await expect(win.getByTestId('chat-status')).toHaveAttribute('data-status', 'offline');
    await shot(seller.page, 'notice-03-offline');
    await seller.context.setOffline(false);
    await expect.poll(() => win.getByTestId('chat-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    await expect(win.getByTestId('chat-status')).toHaveText('已连接');

    await card.getByRole('link', { name: '查看详情' }).click();
    await expect.poll(() => pathOf(seller.page)).toBe(`/backend/order/detail/${orderNo}`);
    await seller.page.getByText(orderNo).first().waitFor();
    await seller.context.close();
  });
});
