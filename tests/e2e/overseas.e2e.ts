/**
 * Browser end-to-end of an overseas (Vietnam) company (docs/overseas.md): a guest reaches
 * /login/register/vn in Vietnamese, chooses Chinese and registers in Chinese only (bad fields named in
 * the page first, 企业类型 among them), waits with no codes on /apply/vn (in Vietnamese, the new
 * owner's default), an operator approves it in 海外企业审核, and the owner then reads Đã duyệt. Screenshots at 1366, 1024
 * and 390 of the registration, the state page and the operator's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import { shotsAtSizes, startE2E, type E2E } from './harness';
import { vietnameseLeft } from './vietnamese';

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
    // a guest who never chose a language reads the Vietnamese registration in Vietnamese
    await expect(page.getByRole('form', { name: 'Đăng ký doanh nghiệp Việt Nam' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Gara sửa chữa ô tô' })).toBeVisible();
    await shotsAtSizes(e2e, page, 'overseas-register-vi', [1366, 900]);
    // a guest who chooses Chinese reads Chinese only, the refusals too, and keeps it on a reload
    await page.getByTestId('lang-switch').getByRole('button', { name: '中文' }).click();
    await page.reload();
    const form = page.getByRole('form', { name: '越南企业注册' });
    await expect(page.getByRole('radio', { name: '维修厂' })).toBeVisible();
    // no Vietnamese on the page but the 企业名称 rule, which names the licence by its Vietnamese name on purpose
    // (OVERSEAS_RULES.companyName), and the switch's Tiếng Việt
    const companyRule = form.locator('.field:has(#company_name) .hint');
    await expect(companyRule).toHaveText('2到80个字符，与营业执照（Giấy chứng nhận đăng ký doanh nghiệp）一致');
    expect(await vietnameseLeft(page, [await companyRule.innerText()])).toEqual([]);
    await form.getByRole('button', { name: '提交注册', exact: true }).click();
    await expect(fieldError(page, 'company_name')).toHaveText('请填写企业名称');
    await expect(fieldError(page, 'province')).toHaveText('请选择所在省/市');
    await expect(fieldError(page, 'business_type')).toHaveText(/^请选择企业类型/);
    await page.locator('#tax_code').fill('12345');
    await page.locator('#mobile').fill('0212345678');
    await form.getByRole('button', { name: '提交注册', exact: true }).click();
    await expect(fieldError(page, 'tax_code')).toHaveText('税号须为10位数字，分支机构为10位数字-3位数字（如 0312345678-001）');
    await expect(fieldError(page, 'mobile')).toHaveText('手机号须为越南手机号：+84 或 0 开头，后接以3、5、7、8、9开头的9位数字');
    // the refusals too (each in place of its field's rule)
    await expect(companyRule).toHaveCount(0);
    expect(await vietnameseLeft(page)).toEqual([]);
    await shotsAtSizes(e2e, page, 'overseas-register-errors', [1366, 900]);

    await page.locator('#company_name').fill('Công ty TNHH Phụ tùng Hải Phòng');
    // a Chinese reader picks a province by its Chinese name, the official one beside it
    await page.locator('.p-dropdown:has(#province)').click();
    await page.getByRole('option', { name: '海防（Hải Phòng）', exact: true }).click();
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
    await form.getByRole('button', { name: '提交注册', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/apply/vn');
    // the new owner of a Vietnamese company reads Vietnamese by default (docs/i18n.md)
    await expect(page.getByTestId('vn-registration-state')).toContainText('Chờ duyệt');
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
    await expect(page.getByTestId('vn-registration-state')).toContainText('Đã duyệt');
    // two signed-in pages and screenshots of seven pages at three sizes
  }, 600_000);
});
