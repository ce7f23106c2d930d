/**
 * Browser end-to-end of an overseas (Vietnam) company (docs/overseas.md): it registers at
 * /login/register/vn (bad fields named in the page first, 企业类型 among them), waits with no codes on /apply/vn, an
 * operator approves it in 海外企业审核, and the owner then reads 已通过. Screenshots at 1366, 1024
 * and 390 of the registration, the state page and the operator's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
const sms = createRecordingSms();
beforeAll(async () => {
  e2e = await startE2E({ sms });
});
afterAll(async () => e2e?.close());

const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

describe('overseas company', () => {
  it('registers a Vietnamese company, an operator approves it, the owner may buy', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.url}/login/register`);
    await page.getByRole('link', { name: /越南企业注册/ }).click();
    await page.waitForURL((u) => u.pathname === '/login/register/vn');
    const form = page.getByRole('form', { name: /越南企业注册/ });
    await form.getByRole('button', { name: /提交注册/ }).click();
    await expect(fieldError(page, 'company_name')).toContainText('请填写企业名称');
    await expect(fieldError(page, 'province')).toContainText('请选择所在省/市');
    await expect(fieldError(page, 'business_type')).toContainText('请选择企业类型');
    await page.locator('#tax_code').fill('12345');
    await page.locator('#mobile').fill('0212345678');
    await form.getByRole('button', { name: /提交注册/ }).click();
    await expect(fieldError(page, 'tax_code')).toContainText('税号须为10位数字');
    await expect(fieldError(page, 'mobile')).toContainText('越南手机号');
    await shotsAtSizes(e2e, page, 'overseas-register-errors', [1366, 900]);
    // 企业类型's choices are in the page's language
    const sw = page.getByTestId('lang-switch');
    await sw.getByRole('button', { name: 'Tiếng Việt' }).click();
    await expect(page.getByRole('radio', { name: 'Gara sửa chữa ô tô' })).toBeVisible();
    await shotsAtSizes(e2e, page, 'overseas-register-vi', [1366, 900]);
    await sw.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('radio', { name: '维修厂' })).toBeVisible();

    await page.locator('#company_name').fill('Công ty TNHH Phụ tùng Hải Phòng');
    await page.locator('.p-dropdown:has(#province)').click();
    await page.getByRole('option', { name: /Hải Phòng/ }).click();
    await page.getByRole('radio', { name: '车队/运输公司' }).check();
    await page.locator('#tax_code').fill('0209876543');
    await page.locator('#address').fill('45 Lạch Tray, Ngô Quyền');
    await page.locator('#contact_name').fill('Lê Hải');
    await page.locator('#username').fill('haiphong01');
    await page.locator('#mobile').fill('0981 234 567');
    await page.getByTestId('sms-send').click();
    await expect.poll(() => sms.lastCode('+84981234567', 'register') ?? '').not.toBe('');
    await page.locator('#sms_code').fill(sms.lastCode('+84981234567', 'register')!);
    await page.locator('#password').fill('haiphong2026');
    await page.locator('#password2').fill('haiphong2026');
    await page.locator('label[for="agree"]').click();
    await form.getByRole('button', { name: /提交注册/ }).click();
    await page.waitForURL((u) => u.pathname === '/apply/vn');
    await expect(page.getByTestId('vn-registration-state')).toContainText('待审核');
    await shotsAtSizes(e2e, page, 'overseas-pending', [1366, 900]);

    const op = await e2e.operatorPage('operator', { confirmDialogs: true });
    await op.page.getByRole('navigation', { name: '运营菜单' }).getByRole('link', { name: '海外企业审核' }).click();
    await op.page.waitForURL((u) => u.pathname === '/operation/foreign/company/audit');
    const row = op.page.locator('tr, [role="row"], .list-card', { hasText: 'Công ty TNHH Phụ tùng Hải Phòng' }).first();
    await row.getByText('待审核').waitFor();
    await shotsAtSizes(e2e, op.page, 'overseas-audit', [1024, 768]);
    await row.getByRole('button', { name: '通过 Công ty TNHH Phụ tùng Hải Phòng' }).click();
    await op.page.getByTestId('op-status').getByText('已通过：Công ty TNHH Phụ tùng Hải Phòng').waitFor();
    await row.getByText('已通过').waitFor();

    await op.page.goto(`${e2e.url}/operation/foreign/company/list`);
    await op.page.getByText('Công ty TNHH Phụ tùng Ô tô Sài Gòn').first().waitFor();
    await shotsAtSizes(e2e, op.page, 'overseas-company-list', [1024, 768]);
    await op.page.goto(`${e2e.url}/operation/foreign/users`);
    await op.page.getByText('haiphong01').first().waitFor();
    await shotsAtSizes(e2e, op.page, 'overseas-users', [1024, 768]);
    await op.page.goto(`${e2e.url}/operation/foreign/vinRecord`);
    await op.page.getByText('LFV2A21K6E3012345').first().waitFor();
    await shotsAtSizes(e2e, op.page, 'overseas-vin', [1024, 768]);
    await op.page.goto(`${e2e.url}/operation/foreign/quickReply`);
    await op.page.getByRole('heading', { name: '海外快捷回复' }).waitFor();
    await shotsAtSizes(e2e, op.page, 'overseas-quick-reply', [1024, 768]);
    await op.page.goto(`${e2e.url}/operation/foreign/chatHistory`);
    await op.page.getByRole('heading', { name: '海外聊天记录' }).waitFor();

    await page.reload();
    await expect(page.getByTestId('vn-registration-state')).toContainText('已通过');
    // two signed-in pages and screenshots of seven pages at three sizes
  }, 600_000);
});
