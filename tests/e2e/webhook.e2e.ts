/**
 * 开放平台 → Webhook (/open/controlPanel/webhook; docs/open-platform.md, "Webhooks"): the seller's
 * owner sees what to do on an empty page, is told the field when the address is refused, adds an
 * endpoint and sees its secret once, sees the endpoint at 1366, 1024, 768 and 390 px without
 * sideways scrolling, disables and deletes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, DEVICE_SIZES, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const SIZES = DEVICE_SIZES;

describe('/open/controlPanel/webhook', () => {
  it('adds an endpoint (secret once), refuses an inner address by field, lists it at every size, disables and deletes it', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1366, height: 768 } });
    try {
      page.on('dialog', (d) => void d.accept());
      await e2e.signIn(page, '/login', 'seller');
      await page.goto(`${e2e.url}/open/controlPanel/webhook`);
      await expect(page.getByRole('heading', { name: 'Webhook 回调' })).toBeVisible();
      await expect(page.getByTestId('webhook-empty')).toContainText('添加回调地址');
      await expect(page.getByText('还没有投递')).toBeVisible();
      await e2e.shot(page, 'webhook-empty-1366');

      await page.getByRole('button', { name: '添加回调地址' }).click();
      const form = page.getByRole('form', { name: '添加回调地址' });
      await form.locator('#wh-url').fill('https://10.0.0.8/hook');
      await form.getByRole('button', { name: '添加' }).click();
      await expect(form.locator('#wh-url-error')).toContainText('不能指向内网');
      await e2e.shot(page, 'webhook-refused-1366');
      await form.locator('#wh-url').fill('https://93.184.215.14/qipei/webhook');
      await form.getByText('库存低于阈值').click();
      await expect(form.locator('#wh-stock_threshold')).toBeVisible();
      await form.getByRole('button', { name: '添加' }).click();
      const secret = page.getByTestId('webhook-secret');
      await expect(secret).toContainText('whsec_');
      await e2e.shot(page, 'webhook-secret-1366');
      await page.getByRole('button', { name: '我已保存' }).click();
      await expect(secret).toHaveCount(0);
      const row = page.getByTestId('webhook-endpoints').locator('li');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('https://93.184.215.14/qipei/webhook');
      await expect(row).toContainText('库存低于阈值');

      for (const { name, viewport } of SIZES) {
        await page.setViewportSize(viewport);
        await expect(row).toBeVisible();
        await noSideScroll(page);
        await e2e.shot(page, `webhook-list-${name}`);
      }
      await page.setViewportSize({ width: 1366, height: 768 });
      await row.getByRole('button', { name: '停用' }).click();
      await expect(row).toContainText('已停用');
      await row.getByRole('button', { name: '删除' }).click();
      await expect(page.getByTestId('webhook-empty')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
