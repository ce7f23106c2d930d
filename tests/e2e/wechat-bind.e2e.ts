/**
 * Browser end-to-end for 微信通知 (docs/wechat.md, "Binding"): the buyer opens /login/bind (未绑定),
 * 绑定微信 goes to the sandbox's 模拟微信授权, 同意 returns to /login/oauth, which says 已绑定;
 * 个人资料 shows the card 已绑定. Screenshots: wechat-sandbox-*, wechat-oauth-*, wechat-bind-* (1366/1024/390).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('微信通知', () => {
  it('the buyer binds through the sandbox and sees 已绑定', async () => {
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/login/bind`);
    await expect(page.getByTestId('wechat-bind-state')).toHaveText('未绑定');
    await page.getByRole('button', { name: '绑定微信', exact: true }).click();
    await expect(page.getByRole('heading', { name: '模拟微信授权' })).toBeVisible();
    await page.getByLabel('模拟的 openid').fill('oE2E-buyer-openid');
    await shotsAtSizes(e2e, page, 'wechat-sandbox', [1366, 900]);
    await page.getByRole('button', { name: '同意', exact: true }).click();
    await expect(page.getByTestId('wechat-bind-state')).toHaveText('已绑定');
    await expect(page.getByRole('status').filter({ hasText: '绑定成功' })).toContainText('微信 …enid');
    await shotsAtSizes(e2e, page, 'wechat-oauth', [1366, 900]);
    await page.goto(`${e2e.url}/backend/settings/profile`);
    await expect(page.getByTestId('wechat-bind-state')).toHaveText('已绑定');
    await expect(page.getByRole('button', { name: '解除绑定' })).toBeVisible();
    await page.getByRole('heading', { name: '微信通知' }).scrollIntoViewIfNeeded();
    await shotsAtSizes(e2e, page, 'wechat-bind', [1366, 900]);
  }, 90_000);
});
