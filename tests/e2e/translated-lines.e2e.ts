/**
 * Translated lines (docs/i18n.md, "Translated lines") in the browser: a Vietnamese buyer's enquiry
 * (made through the API) read by a Chinese seller, whose page shows each Vietnamese line with its
 * Chinese translation under it, from a local LibreTranslate-compatible fake; and a chat between the
 * Vietnamese buyer and the Chinese seller, each reading the other's message translated under it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, startE2E, type E2E } from './harness';
import { chineseLeft } from './vietnamese';

/** what the fake knows; anything else comes back marked with its target */
const KNOWN: Record<string, string> = {
  'Lọc dầu động cơ': '机油滤清器', 'Cần gấp trong tuần': '本周急需',
  'Lọc dầu còn hàng không?': '机油滤清器有货吗？', '有现货，今天发货': 'Có sẵn hàng, giao trong hôm nay',
};
let fake: Server;
let e2e: E2E;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const q = JSON.parse(body) as { q: string; target: string };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: KNOWN[q.q] ?? `[${q.target}] ${q.q}` }));
    });
  });
  await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
  e2e = await startE2E({ translate: { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` } });
});
afterAll(async () => {
  await e2e?.close();
  fake?.close();
});

describe('translated lines', () => {
  it('a Chinese seller reads a Vietnamese buyer\'s enquiry with the Chinese under each Vietnamese text', async () => {
    const vn = await apiToken(e2e.url, 'vnbuyer');
    const enquiry = await apiCall<{ id: number }>(e2e.url, vn, 'POST', '/enquiry/add', {
      lines: [{ oe: '0986452041', name: 'Lọc dầu động cơ', qty: 2, quality: '不限' }], seller_ids: [2], note: 'Cần gấp trong tuần',
    });
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend/quote/${enquiry.id}`);
    const line = page.getByTestId('quote-line').first();
    await expect(line.getByTestId('translated-line')).toHaveText(/机油滤清器/);
    await expect(page.getByTestId('translated-line').filter({ hasText: '本周急需' })).toBeVisible();
    await e2e.shot(page, 'translated-lines-seller-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(page, 'translated-lines-seller-390');
    await context.close();
  });

  it('a Vietnamese buyer and a Chinese seller chat, each reading the other\'s message with its translation under it', async () => {
    const [vn, seller] = [await apiToken(e2e.url, 'vnbuyer'), await apiToken(e2e.url, 'seller')];
    const { rows } = await e2e.pglite.query<{ username: string; uuid: string }>(`select username, uuid from app_user where username in ('vnbuyer', 'seller')`);
    const uuid = Object.fromEntries(rows.map((r) => [r.username, r.uuid]));
    await apiCall(e2e.url, vn, 'POST', '/im/messages', { client_msg_id: `tl-vn-${Date.now()}`, targetId: uuid.seller, messageType: 'RC:TxtMsg', content: { content: 'Lọc dầu còn hàng không?' } });
    await apiCall(e2e.url, seller, 'POST', '/im/messages', { client_msg_id: `tl-cn-${Date.now()}`, targetId: uuid.vnbuyer, messageType: 'RC:TxtMsg', content: { content: '有现货，今天发货' } });

    // the seller, in Chinese, in the chat window: the buyer's Vietnamese with its Chinese under it
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(e2e.url + '/');
    await page.getByRole('button', { name: /^在线聊天/ }).first().click();
    const win = page.getByRole('dialog', { name: '在线聊天' });
    await win.getByRole('navigation', { name: '会话列表' }).getByRole('button', { name: /Sài Gòn/ }).first().click();
    await expect(win.getByTestId('translated').filter({ hasText: '机油滤清器有货吗？' })).toBeVisible();
    await e2e.shot(page, 'translated-lines-chat-seller-1366');
    await context.close();

    // the Vietnamese buyer on the phone: the seller's Chinese with its Vietnamese under it, the page in Vietnamese
    // signed in at a desktop's width (a Vietnamese company lands on its mall, which a phone's sign-in does not expect), then at 390
    const phone = await e2e.newPage();
    await e2e.signIn(phone.page, '/login', 'vnbuyer');
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.page.goto(e2e.url + '/im');
    await phone.page.getByTestId('conversation').filter({ hasText: '骏达' }).first().click();
    await expect(phone.page.getByTestId('translated').filter({ hasText: 'Có sẵn hàng, giao trong hôm nay' })).toBeVisible();
    await expect(phone.page.getByRole('button', { name: 'Ẩn bản dịch' }).first()).toBeVisible();
    await phone.page.waitForLoadState('networkidle');
    await expect.poll(() => chineseLeft(phone.page), { message: 'a translated chat at 390 px' }).toEqual([]);
    await e2e.shot(phone.page, 'translated-lines-chat-vnbuyer-390');
    await phone.context.close();
  });
});
