/**
 * Customers in the browser (docs/customers.md): the seller makes an invitation link, a repair shop
 * opens it and registers, the shop appears in the seller's customer list; the seller sets its
 * level and the shop's cart shows that price. The shop sees the seller among its suppliers and
 * makes it preferred. Screenshots of every page at 1366, 1024×768 and 390×844: customers-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import { msg } from '../../src/shared/messages';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
const sms = createRecordingSms();

beforeAll(async () => {
  e2e = await startE2E({ sms });
});
afterAll(async () => e2e?.close());

const codeFor = async (mobile: string) => {
  for (let i = 0; i < 100 && !sms.lastCode(mobile); i++) await new Promise((r) => setTimeout(r, 100));
  const code = sms.lastCode(mobile);
  if (!code) throw new Error(`no SMS to ${mobile}`);
  return code;
};

/** The page at the three sizes a user brings, each saved as a screenshot. */
const threeSizes = async (page: Page, name: string) => {
  for (const [w, h, tag] of [[1366, 768, '1366'], [1024, 768, '1024'], [390, 844, '390']] as const) {
    await page.setViewportSize({ width: w, height: h });
    // the page itself never scrolls sideways, once it has laid itself out at the new size
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await e2e.shot(page, `customers-${name}-${tag}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};

describe('customers', () => {
  it('invitation link → the shop registers → listed as the seller\'s customer; its level sets the cart\'s price', async () => {
    // a known stock row of the seller (company 2), in the shop's cart later
    const stock = (await e2e.pglite.query<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 1`)).rows[0].id;
    await e2e.pglite.query(`update stock set quantity = 20, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500, price5 = null where id = $1`, [stock]);

    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(e2e.url + '/backend');
    await sp.locator('.bo-menu').getByText('邀请客户').click();
    await sp.waitForURL((u) => u.pathname === '/backend/customer/invitation');
    await sp.locator('#invite-note').fill('宏达汽修');
    await sp.getByRole('button', { name: '生成邀请链接' }).click();
    const url = (await sp.getByTestId('invite-url').textContent())!;
    expect(url).toMatch(/\/login\/register\?invite=[A-Za-z0-9_-]{32}$/);
    await sp.getByRole('img', { name: /扫码注册/ }).waitFor();
    await expect(sp.getByRole('row', { name: /宏达汽修/ })).toContainText('未使用');
    await threeSizes(sp, 'invitation');

    // the shop opens the link, is told who invites it, and registers
    const shop = await e2e.newPage();
    const bp = shop.page;
    await bp.goto(url);
    await expect(bp.getByTestId('register-invite')).toContainText('邀请您注册');
    await threeSizes(bp, 'register-invited');
    await bp.locator('#company_name').fill('广州宏达汽车维修厂');
    await bp.getByRole('radio', { name: '维修厂' }).check();
    await bp.locator('#contact_name').fill('陈宏达');
    await bp.locator('#username').fill('hongda01');
    await bp.locator('#mobile').fill('13922223333');
    await bp.locator('#password input, input#password').first().fill('hongda2026');
    await bp.locator('#password2 input, input#password2').first().fill('hongda2026');
    await bp.getByTestId('sms-send').click();
    await bp.locator('#sms_code').fill(await codeFor('13922223333'));
    await bp.locator('label[for="agree"]').click();
    await Promise.all([bp.waitForURL((u) => u.pathname === '/'), bp.getByRole('button', { name: msg.registerSubmit }).click()]);

    // a forged link says so and lets a shop register without it
    const other = await e2e.newPage();
    await other.page.goto(`${e2e.url}/login/register?invite=${'A'.repeat(32)}`);
    await expect(other.page.getByTestId('register-invite')).toContainText('邀请码无效');
    await other.page.getByRole('button', { name: '不用邀请码，直接注册' }).click();
    await expect(other.page.getByTestId('register-invite')).toHaveCount(0);
    await other.context.close();

    // the seller's customer list shows the shop, invited
    await sp.locator('.bo-menu').getByText('客户', { exact: true }).click();
    await sp.waitForURL((u) => u.pathname === '/backend/customer/customer');
    const row = sp.getByRole('row', { name: /广州宏达汽车维修厂/ });
    await expect(row).toContainText('默认');

    // the shop's cart: a registered (free) member pays the retail price by default
    const shopUser = (await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'hongda01'`)).rows[0];
    await e2e.pglite.query(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, $2, $3, '配件产品', 2, now(), now())`,
      [shopUser.id, shopUser.company_id, stock]);
    await bp.goto(e2e.url + '/cart');
    const line = bp.locator('tbody tr', { hasText: '零售价' }).first();
    await expect(line).toContainText('13.00');

    // the seller makes it a wholesale customer
    await row.getByRole('button', { name: /^设置/ }).click();
    await sp.locator('.p-dropdown').filter({ has: sp.locator('#price_level') }).click();
    await sp.getByRole('option', { name: '批发价客户' }).click();
    await sp.locator('#tags').fill('修理厂，白云');
    await sp.locator('#note').fill('老板姓陈，每月结一次');
    await e2e.shot(sp, 'customers-customer-dialog-1366');
    await sp.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(sp, 'customers-customer-dialog-390');
    await sp.setViewportSize({ width: 1366, height: 900 });
    await sp.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('customer-status')).toContainText('批发价客户');
    await expect(row.getByText('批发价', { exact: true })).toHaveCount(1);
    await threeSizes(sp, 'customer-list');

    // the shop's cart now charges the wholesale price
    await bp.reload();
    const wholesale = bp.locator('tbody tr', { hasText: '批发价' }).first();
    await expect(wholesale).toContainText('10.00');
    await e2e.shot(bp, 'customers-cart-wholesale');

    // the shop sees the seller among its suppliers and makes it preferred
    await bp.goto(e2e.url + '/backend/customer/supplier');
    const sup = bp.getByRole('row').filter({ has: bp.getByRole('button', { name: /设为优选供应商/ }) }).first();
    await sup.getByRole('button', { name: /设为优选供应商/ }).click();
    await expect(bp.getByTestId('supplier-status')).toContainText('已设为优选供应商');
    await expect(bp.getByRole('button', { name: /取消优选/ })).toHaveCount(1);
    await threeSizes(bp, 'supplier-list');
    await seller.context.close();
    await shop.context.close();
  });
});
