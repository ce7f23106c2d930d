/**
 * Accounts in the browser: a new company registers with an SMS code (read from the recording
 * provider), lands signed in, edits its profile, changes its password and signs in with the new
 * one; a user resets a forgotten password by SMS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import { msg } from '../../src/shared/messages';
import { pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;
const sms = createRecordingSms();

beforeAll(async () => {
  e2e = await startE2E({ sms });
});
afterAll(async () => e2e?.close());

/** Waits for the provider to receive a code for this mobile beyond the `seen` ones. */
const codeFor = async (mobile: string, seen: number) => {
  for (let i = 0; i < 100 && sms.messages.filter((m) => m.mobile === mobile).length <= seen; i++) await new Promise((r) => setTimeout(r, 100));
  const code = sms.lastCode(mobile);
  if (!code) throw new Error(`no SMS to ${mobile}`);
  return code;
};

const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

describe('accounts', () => {
  it('registers a company, lands signed in, edits the profile, changes the password and signs in with it', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/login');
    await page.getByRole('link', { name: msg.forgotPassword }).waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'account-login-links');
    await page.getByRole('link', { name: msg.register }).click();
    await page.waitForURL((u) => u.pathname === '/login/register');
    await page.locator('#company_name').waitFor();
    await expect(page.getByRole('link', { name: '《汽配汇用户协议》' })).toHaveAttribute('href', '/protocol');
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'account-register');

    // refusals appear under their fields and nothing typed is lost
    await page.locator('#company_name').fill('南京宁通汽车维修有限公司');
    await page.locator('#contact_name').fill('周宁通');
    await page.locator('#username').fill('9ningtong');
    await page.locator('#mobile').fill('1391234567');
    await page.locator('#password').fill('ningtong2026');
    await page.locator('#password2').fill('ningtong2027');
    await page.getByRole('button', { name: msg.registerSubmit }).click();
    await expect(fieldError(page, 'username')).toContainText('用户名须为4到20位');
    await expect(fieldError(page, 'mobile')).toContainText('手机号须为11位');
    await expect(fieldError(page, 'password2')).toHaveText('两次输入的密码不一致');
    await expect(page.locator('#business_type-error')).toContainText('请选择企业类型');
    await expect(page.locator('.account-form .field-error', { hasText: '请阅读并同意' })).toHaveCount(1);
    await expect(page.locator('#company_name')).toHaveValue('南京宁通汽车维修有限公司');
    await e2e.shot(page, 'account-register-errors');

    // asking for a code with a bad mobile is refused in the page
    await page.getByTestId('sms-send').click();
    await expect(fieldError(page, 'mobile')).toContainText('手机号须为11位');

    await page.getByRole('radio', { name: '维修厂' }).check();
    await page.locator('#username').fill('NingTong01');
    await page.locator('#mobile').fill('13912345678');
    await page.locator('#password2').fill('ningtong2026');
    await page.getByTestId('sms-send').click();
    const code = await codeFor('13912345678', 0);
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    // the countdown runs
    await page.getByRole('button', { name: /^5\d秒后重新获取$/ }).waitFor();
    await page.locator('#sms_code').fill(code === '000000' ? '111111' : '000000');
    await page.locator('label[for="agree"]').click();
    await page.getByRole('button', { name: msg.registerSubmit }).click();
    await expect(fieldError(page, 'sms_code')).toHaveText(msg.smsWrongCode(4));
    await expect(page.locator('#password')).toHaveValue('ningtong2026');
    await e2e.shot(page, 'account-register-code-sent');

    await page.locator('#sms_code').fill(code);
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.getByRole('button', { name: msg.registerSubmit }).click()]);
    await page.getByText('周宁通').first().waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'account-registered-home');

    // the back office: settings entries in the menu, the profile with the company part
    await page.goto(e2e.url + '/backend');
    await page.locator('.bo-menu').getByText('个人资料').click();
    await page.waitForURL((u) => u.pathname === '/backend/settings/profile');
    await expect(page.locator('#company-name')).toHaveValue('南京宁通汽车维修有限公司');
    await expect(page.getByText('13912345678')).toHaveCount(1);
    await page.locator('#display_name').fill('周宁通经理');
    await page.locator('#contact_phone').fill('abc');
    await page.getByRole('button', { name: msg.save }).click();
    await expect(fieldError(page, 'contact_phone')).toContainText('联系电话');
    await page.locator('#contact_phone').fill('025-8432 1100');
    await page.locator('#company-city').fill('南京市');
    await page.getByRole('button', { name: msg.save }).click();
    await page.getByText(msg.profileSaved).waitFor();
    // the header follows the new name
    await page.locator('.bo-header').getByText('周宁通经理').waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'account-profile');

    // the header menu opens the password page
    await page.locator('.bo-header').getByRole('button', { name: '周宁通经理' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/settings/password');
    await page.locator('#old_password').fill('wrong-old-1');
    await page.locator('#password').fill('ningtong2027');
    await page.locator('#password2').fill('ningtong2027');
    await page.getByRole('button', { name: msg.save }).click();
    await expect(fieldError(page, 'old_password')).toHaveText(msg.oldPasswordWrong);
    await e2e.shot(page, 'account-password-wrong-old');
    await page.locator('#old_password').fill('ningtong2026');
    await page.getByRole('button', { name: msg.save }).click();
    await page.getByText(msg.passwordChanged).waitFor();
    await e2e.shot(page, 'account-password-changed');

    // this session stayed signed in; sign out and back in with the new password
    await page.goto(e2e.url + '/backend/settings/profile');
    await page.locator('#display_name').waitFor();
    await page.locator('.bo-header').getByRole('button', { name: '周宁通经理' }).click();
    await Promise.all([page.waitForURL((u) => u.pathname === '/login'), page.getByRole('menuitem', { name: msg.logout }).click()]);
    await page.locator('input[name="username"]').fill('ningtong01');
    await page.locator('input[name="password"]').fill('ningtong2027');
    await Promise.all([page.waitForURL((u) => u.pathname !== '/login'), page.locator('button[type="submit"]').click()]);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    expect(pathOf(page)).toBe('/search/parts');
    await context.close();
  });

  it('resets a forgotten password by SMS and signs in with the new one', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url + '/login');
    await page.getByRole('link', { name: msg.forgotPassword }).click();
    await page.waitForURL((u) => u.pathname === '/login/password/reset');
    // a number without an account is answered like any other: no message says it has none
    await page.locator('#mobile').fill('13999999999');
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    await expect(page.getByText(msg.mobileUnknown)).toHaveCount(0);
    expect(sms.messages.filter((m) => m.mobile === '13999999999')).toHaveLength(0);
    await page.locator('#mobile').fill('13800000005');
    const seen = sms.messages.filter((m) => m.mobile === '13800000005').length;
    await page.getByTestId('sms-send').click();
    const code = await codeFor('13800000005', seen);
    await page.locator('#sms_code').fill(code);
    await page.locator('#password').fill('member2026');
    await page.locator('#password2').fill('member2026');
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'account-reset');
    await page.getByRole('button', { name: msg.resetSubmit }).click();
    await page.getByText(msg.resetDone).waitFor();
    await e2e.shot(page, 'account-reset-done');
    await page.getByRole('button', { name: msg.login }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('input[name="username"]').fill('member');
    await page.locator('input[name="password"]').fill('member2026');
    await Promise.all([page.waitForURL((u) => u.pathname !== '/login'), page.locator('button[type="submit"]').click()]);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await context.close();
  });
});
