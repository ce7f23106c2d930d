/**
 * Browser end-to-end of the ERP products and a company's ERP (docs/open-platform.md, "ERP and the
 * operator's pages"): the operator adds an ERP product on system/erps (an empty name refused under
 * its field), the seller picks it on the open platform's control panel, and the operator finds the
 * company under that product on company/erp. Screenshots at 1366 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, operatorMenu, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('ERP products and a company\'s ERP', () => {
  it('an ERP product added by the operator is picked by the seller and listed on company/erp', async () => {
    const { page, context } = await e2e.operatorPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await operatorMenu(page).getByRole('link', { name: 'ERP 产品' }).click();
    await expect(page.getByRole('button', { name: '编辑 管家婆' })).toBeVisible();
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#erp-name-error')).toHaveText('请填写名称');
    await dialog.locator('#erp-name').fill('汽配云ERP');
    await dialog.locator('#erp-vendor').fill('某某软件');
    await dialog.locator('#erp-sort').fill('5');
    await e2e.shot(page, 'erp-product-dialog-1366');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('已保存：汽配云ERP');
    await expect(page.getByRole('button', { name: '编辑 汽配云ERP' })).toBeVisible();
    await noSideScroll(page);
    await e2e.shot(page, 'erp-products-1366');

    // the seller (the company's owner) picks it on the control panel
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/open/controlPanel`);
    const section = seller.page.getByTestId('erp-choice');
    await section.locator('.p-dropdown').click();
    await seller.page.getByRole('option', { name: '汽配云ERP（某某软件）' }).click();
    await section.locator('#erp-choice-version').fill('V3.2');
    await section.getByRole('button', { name: '保存' }).click();
    await expect(section.getByRole('status')).toHaveText('已保存');
    await e2e.shot(seller.page, 'erp-choice-1366');
    const stored = (await e2e.pglite.query<{ name: string; version: string }>(
      `select p.name, c.version from company_erp c join erp_product p on p.id = c.erp_product_id where c.company_id = 2`)).rows;
    expect(stored).toEqual([{ name: '汽配云ERP', version: 'V3.2' }]);

    // the same section on a phone
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await e2e.signIn(phone.page, '/login', 'seller');
    await phone.page.goto(`${e2e.url}/open/controlPanel`);
    await expect(phone.page.getByTestId('erp-choice')).toContainText('汽配云ERP');
    await e2e.shot(phone.page, 'erp-choice-390');

    // the operator finds the company under that product
    await operatorMenu(page).getByRole('link', { name: '企业 ERP' }).click();
    await expect(page.getByTestId('erp-summary')).toContainText('汽配云ERP 1 家');
    const row = page.getByRole('row').filter({ hasText: '汽配云ERP' });
    await expect(row).toContainText('V3.2');
    await expect(row).toContainText('未同步');
    await noSideScroll(page);
    await e2e.shot(page, 'erp-companies-1366');
    await operatorMenu(page).getByRole('link', { name: '易购接入' }).click();
    await expect(page.getByText(/还没有企业接入开放接口|易购接入企业/).first()).toBeVisible();
    await e2e.shot(page, 'erp-yigou-1366');

    // the operator's page on a phone
    const opPhone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await e2e.signIn(opPhone.page, '/operation/login', 'operator');
    await opPhone.page.goto(`${e2e.url}/operation/company/erp`);
    await expect(opPhone.page.getByText('汽配云ERP').first()).toBeVisible();
    await noSideScroll(opPhone.page);
    await e2e.shot(opPhone.page, 'erp-companies-390');
    await Promise.all([context.close(), seller.context.close(), phone.context.close(), opPhone.context.close()]);
  });
});
