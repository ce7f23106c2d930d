/**
 * Membership in the browser: the trial-member ad (shown, closed by its close area or after 60 s,
 * closed for good), the upgrade of a registered member through the sandbox checkout, and the
 * quota view of the back office. Screenshots land in test-results/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startE2E, type E2E } from './harness';
import { daysRemaining } from '../../src/shared/domain/membership';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const adDialog = (page: import('playwright-core').Page) => page.locator('.p-dialog').filter({ hasText: '试用会员专享' });

describe('trial-member ad', () => {
  it('the trial account sees the pop-up, closes it, and it stays closed after a reload', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'trial');
    await page.goto(e2e.url + '/');
    await adDialog(page).waitFor();
    await expect(adDialog(page).locator('img')).toHaveAttribute('src', '/ads/jqr001.svg');
    await expect(adDialog(page).getByRole('timer')).toHaveText(/^\d+秒后自动关闭$/);
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'trial-ad');
    await adDialog(page).locator('.p-dialog-header-close').click();
    await adDialog(page).waitFor({ state: 'detached' });
    const flag = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('qph-ad-notify:'))?.[1]);
    expect(flag).toBe('close');

    await page.reload();
    await page.getByTestId('level-name').filter({ hasText: '试用会员' }).waitFor();
    await page.waitForLoadState('networkidle');
    // proves the ad does NOT come back: its data may come from the restored query cache without a
    // request, and nothing on the page marks "decided not to show", so there is no event to wait for
    await page.waitForTimeout(500);
    await expect(adDialog(page)).toHaveCount(0);
    await e2e.shot(page, 'trial-ad-closed');
    await context.close();
  });

  it('closes by itself after 60 seconds, and by a click on the ad', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'trial');
    // the page's clock is faked from here: the sign-in's own timers ran on the real one
    await page.clock.install();
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('qph-ad-notify:')).forEach((k) => localStorage.removeItem(k)));
    await page.goto(e2e.url + '/');
    await adDialog(page).waitFor();
    await page.clock.runFor(59_000);
    // still open at 59 s (the page's clock is fake: the check's own waiting cannot close it)
    await expect(adDialog(page)).toBeVisible();
    await page.clock.runFor(1_500);
    await adDialog(page).waitFor({ state: 'detached' });

    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('qph-ad-notify:')).forEach((k) => localStorage.setItem(k, 'open')));
    await page.reload();
    await adDialog(page).waitFor();
    await adDialog(page).locator('img').click();
    await adDialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('qph-ad-notify:'))?.[1])).toBe('close');
    await context.close();
  });

  it('a registered member never sees it', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(e2e.url + '/');
    await page.getByTestId('level-name').filter({ hasText: '注册会员' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(adDialog(page)).toHaveCount(0);
    await context.close();
  });
});

describe('upgrade through the sandbox', () => {
  it('the member account buys 正式会员 and sees the new level and expiry', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(e2e.url + '/');
    await page.getByTestId('level-name').filter({ hasText: '注册会员' }).waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'member-home-registered');

    await page.getByRole('link', { name: '升级为正式会员' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/package');
    await page.getByRole('region', { name: '正式会员' }).getByText('¥1980.00').waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'pay-package');

    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/package/order');
    await expect(page.getByTestId('order-no')).toHaveText(/^PK\d{20}$/);
    const orderNo = await page.getByTestId('order-no').innerText();
    await page.getByText('待支付').waitFor();
    // the demo's payments take no money, and every payment page says so
    await expect(page.getByTestId('demo-payment')).toContainText('演示支付，不会真实扣款');
    await e2e.shot(page, 'pay-order');

    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/sandbox');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('¥1980.00');
    await expect(page.getByTestId('demo-payment')).toContainText('演示支付，不会真实扣款');
    await page.getByText(orderNo).waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'pay-sandbox');

    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/package/complete');
    await page.getByText('贵公司已升级为正式会员').waitFor();
    const { rows } = await e2e.pglite.query<{ end_day: string; level: string }>(
      `select to_char(c.level_end_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as end_day, l.name as level
         from company c join company_level l on l.id = c.level_id where c.id = 4`);
    expect(rows[0].level).toBe('正式会员');
    const endDay = rows[0].end_day;
    const days = (Date.parse(endDay) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(363);
    expect(days).toBeLessThan(367);
    await page.getByText(`到期时间 ${endDay}`).first().waitFor();
    await page.getByTestId('upgrade-result').getByTestId('level-name').filter({ hasText: '正式会员' }).waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'pay-complete');

    await page.goto(e2e.url + '/');
    await page.getByTestId('level-name').filter({ hasText: '正式会员' }).waitFor();
    await page.getByTestId('level-expiry').filter({ hasText: endDay }).waitFor();
    await expect(page.getByRole('link', { name: '续费' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: '升级为正式会员' })).toHaveCount(0);
    await e2e.shot(page, 'member-home-formal');

    // the checkout cannot be used again: the order says it is paid
    await page.goto(`${e2e.url}/pay/package/order?order_no=${orderNo}`);
    await page.getByText('已支付').first().waitFor();
    await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);
    expect(pathOf(page)).toBe('/pay/package/order');
    await context.close();
  });
});

describe('优惠码', () => {
  it('the operator issues a code on a tablet, and the member pays the discounted amount with it', async () => {
    const op = await e2e.newPage();
    await op.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(op.page, '/operation/login', 'operator');
    await op.page.goto(e2e.url + '/operation/pay/promotionCode');
    await op.page.getByText('还没有优惠码，点“发放优惠码”新建一个。').waitFor();
    await op.page.getByRole('button', { name: '发放优惠码' }).click();
    const dialog = op.page.getByRole('dialog', { name: '发放优惠码' });
    await dialog.getByLabel('优惠码').fill('e2e2026');
    await dialog.getByLabel('名称').fill('浏览器测试立减');
    // a bad share is named under its field, and nothing is issued
    await dialog.getByLabel('减免比例（%）').fill('95');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('折扣比例应为1到90的整数（%）').waitFor();
    await dialog.getByLabel('减免比例（%）').fill('20');
    await dialog.getByRole('button', { name: '保存' }).click();
    await op.page.getByTestId('op-status').filter({ hasText: '已保存优惠码 E2E2026' }).waitFor();
    await op.page.getByRole('row').filter({ hasText: 'E2E2026' }).getByText('可用').waitFor();
    await e2e.shot(op.page, 'op-promotion-codes');
    await op.context.close();

    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(e2e.url + '/pay/package');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/package/order');
    const listPrice = await page.getByTestId('order-amount').innerText();
    await page.getByLabel('优惠码').fill('NOPE99');
    await page.getByRole('button', { name: '使用' }).click();
    await page.getByRole('alert').filter({ hasText: '优惠码不存在，请核对后重新输入' }).waitFor();
    await expect(page.getByTestId('order-amount')).toHaveText(listPrice);
    await page.getByLabel('优惠码').fill('e2e2026');
    await page.getByRole('button', { name: '使用' }).click();
    await expect(page.getByTestId('order-discount')).toContainText('E2E2026（浏览器测试立减）立减 ¥396.00');
    await expect(page.getByTestId('order-amount')).toHaveText('¥1584.00');
    await e2e.shot(page, 'pay-order-promotion');
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL((u) => u.pathname === '/pay/sandbox');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('¥1584.00');
    await context.close();
  });
});

describe('back-office quota view', () => {
  it('the seller sees employees, stock queries and VIN with their limits', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(e2e.url + '/backend');
    await page.getByTestId('quota-employees').getByText('2 / 30').waitFor();
    await page.getByTestId('quota-stock').getByText('0 / 不限').waitFor();
    await page.getByTestId('quota-vin').getByText('不限次数').waitFor();
    // The seed ends the seller's level 45 days after it ran: 46 days counting today, or 45 once a
    // midnight in China has passed since (a run seeded at 23:55 China time and checked at 00:05).
    // The badge must say what the days left are now, so it is read against the seller's end date.
    const end = (await e2e.pglite.query<{ end: number }>(`select extract(epoch from level_end_at)::int as "end" from company where id = 2`)).rows[0].end;
    const before = daysRemaining(end, new Date());
    const badge = page.getByTestId('expiry-badge');
    await badge.waitFor();
    const after = daysRemaining(end, new Date());
    expect([`剩余${before}天`, `剩余${after}天`]).toContain(await badge.textContent());
    expect([45, 46]).toContain(before);
    await page.waitForLoadState('networkidle');
    await e2e.shot(page, 'backend-quota');
    await context.close();
  });
});
