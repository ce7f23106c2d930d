/**
 * Translated lines (docs/i18n.md, "Translated lines") in the browser: a Vietnamese buyer's enquiry
 * (made through the API) read by a Chinese seller, whose page shows each Vietnamese line with its
 * Chinese translation under it, from a local LibreTranslate-compatible fake.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, startE2E, type E2E } from './harness';

/** what the fake knows; anything else comes back marked with its target */
const KNOWN: Record<string, string> = { 'Lọc dầu động cơ': '机油滤清器', 'Cần gấp trong tuần': '本周急需' };
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
});
