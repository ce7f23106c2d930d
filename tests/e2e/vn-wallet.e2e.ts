/**
 * 越南盾钱包 · Ví VND in the browser (docs/money.md#money-in-dong): vnbuyer, in Vietnamese, opens
 * the dong wallet from the Vietnam mall, is told under the field that an amount below the least is
 * refused, recharges 1.000.000 dong through the sandbox and comes back to the wallet credited, with
 * the entry listed; the operator then finds the wallet in 海外账户 (pay/foreignAccount, with the entry)
 * and the recharge in 海外充值 (pay/foreignRecharge). Screenshots at 1366, 1024 and 390:
 * test-results/screenshots/vn-wallet-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFits, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
let rechargeNo = '';
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
    rechargeNo = new URL(page.url()).searchParams.get('recharge')!;
    await expect(page.getByTestId('vn-recharge-outcome')).toContainText('Nạp tiền thành công');
    await expect(page.getByTestId('vnw-balance')).toHaveText('₫ 1.000.000');
    await expect(page.getByTestId('vnw-entries')).toContainText('+₫ 1.000.000');
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-wallet', [1366, 768], { fitFrom: 390 });
    await context.close();
  });

  it('the operator finds the wallet in 海外账户 with its entry, and the recharge in 海外充值', async () => {
    const op = await e2e.operatorPage();
    await op.page.setViewportSize({ width: 1366, height: 768 });
    await op.page.goto(`${e2e.url}/operation/pay/foreignAccount`);
    const account = op.page.getByRole('row').filter({ hasText: 'Sài Gòn' });
    await expect(account).toContainText('₫1,000,000');
    await expect(op.page.getByTestId('foreign-account-sum')).toContainText('越南盾余额合计 ₫1,000,000');
    await account.getByRole('button', { name: /^明细 / }).click();
    const entries = op.page.getByTestId('foreign-entries');
    await expect(entries).toContainText(rechargeNo);
    await expect(entries.getByRole('row').filter({ hasText: rechargeNo })).toContainText('+₫1,000,000');
    await expect(entries).toContainText('充值');
    await e2e.shot(op.page, 'vn-wallet-op-account-1366');
    await op.page.keyboard.press('Escape');

    await op.page.goto(`${e2e.url}/operation/pay/foreignRecharge`);
    const recharge = op.page.getByRole('row').filter({ hasText: rechargeNo });
    await expect(recharge).toContainText('₫1,000,000');
    await expect(recharge).toContainText('已支付');
    await expect(op.page.getByTestId('foreign-recharge-sum')).toContainText('已支付合计 ₫1,000,000');
    // a filter on another state leaves it out
    await op.page.goto(`${e2e.url}/operation/pay/foreignRecharge?state=cancelled`);
    await expect(op.page.getByRole('row').filter({ hasText: rechargeNo })).toHaveCount(0);
    await shotsAtSizes(e2e, op.page, 'vn-wallet-op-recharge', [1366, 768]);
    await op.context.close();
  });
});
