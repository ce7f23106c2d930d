/**
 * Overseas bills in the browser (docs/money.md#overseas-bills): vnbuyer, in Vietnamese, opens
 * 越南盾账单 from the back office's menu, the month's row and its statement (opening, the recharge
 * line, closing by Intl); the operator finds the company in 海外账单 and opens its statement; the
 * seller opens its 越南商城账单 at the same address.
 * Screenshots: test-results/screenshots/vn-bill-*.png (1366, 1024, 390), vn-bill-op-list-1366.png and
 * vn-bill-op-*.png (the operator's statement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, docFits, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('overseas bills', () => {
  it('vnbuyer reads the month\'s dong statement in Vietnamese; the operator finds it in 海外账单', { timeout: 90_000 }, async () => {
    // prepared through the API: 2,000,000 dong recharged through the sandbox
    const token = await apiToken(e2e.url, 'vnbuyer');
    const r = await apiCall<{ checkout_url: string; recharge_no: string }>(e2e.url, token, 'POST', '/vn-wallet/recharge', { amount_dong: 2_000_000 });
    await apiCall(e2e.url, token, 'POST', '/pay/sandbox/confirm', { token: new URL(r.checkout_url, e2e.url).searchParams.get('token'), action: 'pay' });
    await e2e.pglite.query(`update app_user set lang = 'vi' where username = 'vnbuyer'`);

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'vnbuyer');
    await page.goto(`${e2e.url}/backend`);
    await page.getByRole('link', { name: 'Sao kê ví VND', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Sao kê ví VND', exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '₫ 2.000.000' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').first().click();
    await expect(page.getByTestId('vn-bill-opening')).toHaveText('₫ 0');
    await expect(page.getByTestId('vn-bill-closing')).toHaveText('₫ 2.000.000');
    await expect(page.getByRole('region', { name: 'Chi tiết sao kê' })).toContainText(r.recharge_no);
    await expect(page.getByRole('region', { name: 'Chi tiết sao kê' })).toContainText('+₫ 2.000.000');
    await docFits(page);
    await shotsAtSizes(e2e, page, 'vn-bill', [1366, 768], { fitFrom: 390 });
    await context.close();

    const op = await e2e.operatorPage();
    await op.page.setViewportSize({ width: 1366, height: 768 });
    await op.page.goto(`${e2e.url}/operation/foreign/bill`);
    const company = op.page.getByRole('row').filter({ hasText: 'Sài Gòn' });
    await expect(company).toContainText('₫2,000,000');
    await e2e.shot(op.page, 'vn-bill-op-list-1366');
    await company.getByRole('link', { name: /明细与下载/ }).click();
    await expect(op.page.getByTestId('vn-bill-closing')).toHaveText('₫2,000,000');
    await expect(op.page.getByRole('button', { name: '下载XLSX' })).toBeVisible();
    await shotsAtSizes(e2e, op.page, 'vn-bill-op', [1366, 768]);
    await op.context.close();

    // a Chinese seller at the same address: its Vietnam mall settlement of the month
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/backend/overseas/bill`);
    await expect(seller.page.getByRole('heading', { name: /越南商城账单/ })).toBeVisible();
    await expect(seller.page.getByTestId('vn-settle-net')).toHaveText('¥0.00');
    await e2e.shot(seller.page, 'vn-bill-seller-1366');
    await seller.context.close();
  });
});
