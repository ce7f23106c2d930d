/**
 * Browser end-to-end of the operator's system settings (second part) at 1024×768: the
 * operator changes the formal level's price and duration (a bad price is refused beside its
 * field) and a member's membership page shows the new price; a register SMS template without
 * {code} is refused beside it and a good one saved; a member code template is changed; a trade area
 * is added (its province required) and disabled. Screenshots of the levels page, its edit dialog, the
 * SMS templates, the code templates, the trade areas and the membership page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, operatorMenu, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());


describe('operator system settings', () => {
  it('a level price changed by the operator shows on the membership page; SMS and code templates are edited with their rules', async () => {
    const { page } = await e2e.operatorPage();

    await operatorMenu(page).getByRole('link', { name: '会员等级' }).click();
    const formal = page.getByTestId('level-row').filter({ hasText: '正式会员' });
    await expect(formal).toContainText('1980.00');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-level');

    await page.getByRole('button', { name: '编辑等级 正式会员' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#price').fill('12.345');
    await dialog.getByRole('button', { name: '保存等级' }).click();
    await expect(dialog.locator('#price-error')).toHaveText('价格最多两位小数');
    await dialog.locator('#price').fill('2680');
    await dialog.locator('#duration_months').fill('6');
    await e2e.shot(page, 'operation-company-level-edit');
    await dialog.getByRole('button', { name: '保存等级' }).click();
    await expect(page.getByTestId('op-status')).toContainText('“正式会员”已保存');
    await expect(formal).toContainText('2680.00');
    await expect(formal).toContainText('6个月');

    await operatorMenu(page).getByRole('link', { name: '公告与短信模板' }).click();
    const register = page.locator('#tpl-sms_register');
    await register.fill('【汽配汇】欢迎注册汽配汇');
    await page.getByRole('button', { name: '保存注册验证码短信' }).click();
    await expect(page.locator('#tpl-sms_register-error')).toHaveText('模板须包含占位符 {code}（验证码）');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-notice-templates');
    await register.fill('【汽配汇】注册验证码{code}，{minutes}分钟内有效。');
    await page.getByRole('button', { name: '保存注册验证码短信' }).click();
    await expect(page.getByTestId('notice-template').first().getByRole('status')).toHaveText('模板已保存，下一条短信按此发送');

    await operatorMenu(page).getByRole('link', { name: '会员权限模板' }).click();
    const org = page.getByRole('checkbox', { name: '新企业负责人的权限：组织管理（员工、联系人）' });
    await org.waitFor();
    expect(await org.isChecked()).toBe(false);
    await org.check();
    await page.getByRole('button', { name: '保存模板' }).click();
    await expect(page.getByTestId('op-status')).toContainText('“注册会员”的权限模板已保存');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-code-templates');
    const stored = (await e2e.pglite.query<{ owner_codes: string[] }>(`select owner_codes from company_level where name = '注册会员'`)).rows[0];
    expect(stored.owner_codes).toContain('M06');

    // a trade area added on the list block shows in its list, disabled with one click
    await operatorMenu(page).getByTitle('商圈', { exact: true }).click();
    await page.getByRole('button', { name: '新增' }).click();
    const areaDialog = page.getByRole('dialog');
    await areaDialog.locator('#name').fill('广州白云汽配城');
    await areaDialog.getByRole('button', { name: '保存' }).click();
    await expect(areaDialog.locator('#group_name-error')).toHaveText('请填写省份');
    await areaDialog.locator('#group_name').fill('广东省');
    await areaDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('已保存：广州白云汽配城');
    await page.getByRole('button', { name: '停用 广州白云汽配城' }).click();
    await expect(page.getByRole('button', { name: '启用 广州白云汽配城' })).toBeVisible();
    await noSideScroll(page);
    await e2e.shot(page, 'operation-trade-area');

    // a registered member opens the membership page and sees the new price
    const member = await e2e.newPage();
    await member.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(member.page, '/login', 'member');
    await member.page.goto(`${e2e.url}/pay/package`);
    const card = member.page.getByRole('region', { name: '正式会员' });
    await expect(card.locator('.package-price')).toContainText('¥2680.00');
    await expect(card.locator('.package-price')).toContainText('6个月');
    await noSideScroll(member.page);
    await e2e.shot(member.page, 'operation-level-storefront');
  });
});
