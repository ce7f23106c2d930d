/**
 * 越南盾钱包 · Ví VND in the browser (docs/money.md#money-in-dong): vnbuyer, in Vietnamese, opens
 * the dong wallet from the Vietnam mall, is told under the field that an amount below the least is
 * refused, recharges 1.000.000 dong through the sandbox and comes back to the wallet credited, with
 * the entry listed. Screenshots at 1366, 1024 and 390: test-results/screenshots/vn-wallet-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFits, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('the dong wallet', () => {
  it('vnbuyer recharges in dong through the sandbox and sees the balance and the entry', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await page.goto(`${e2e.url}/vnmall`);
    await page.getByTestId('vn-wallet-link').click();
    await expect(page.getByRole('heading', { name: 'Ví VND', exact: true })).toBeVisible();
    await expect(page.getByTestId('vnw-balance')).toHaveText('₫ 0');
    await expect(page.getByTestId('vnw-empty')).toBeVisible();
    // below the least recharge: refused under the field, in Vietnamese, nothing sent
    await page.locator('#amount_dong').fill('5.000');
    await page.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
    await expect(page.locator('#amount_dong-error')).toContainText('Số tiền nạp phải là số nguyên đồng');
    await page.locator('#amount_dong').fill('1.000.000');
    await page.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
    await page.waitForURL(/\/pay\/sandbox/);
    await expect(page.getByTestId('sandbox-amount')).toHaveText('₫1,000,000');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/vnwallet\?recharge=VR\d{20}/);
    await expect(page.getByTestId('vn-recharge-outcome')).toContainText('Nạp tiền thành công');
    await expect(page.getByTestId('vnw-balance')).toHaveText('₫ 1.000.000');
    await expect(page.getByTestId('vnw-entries')).toContainText('+₫ 1.000.000');
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-wallet', [1366, 768], { fitFrom: 390 });
    await context.close();
  });
});
