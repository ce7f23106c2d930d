/**
 * Browser end-to-end of 商圈管理 (company/trade and company/trade/edit) at 1024×768 and
 * 1366: the operator finds a circle by its owner company, opens it, renames it, withdraws a
 * waiting request with a reason, and dissolves another circle; the owner companies' notices and
 * the audit rows are written. Screenshots: operation-circles, operation-circle-edit(-1366).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, operatorMenu, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());


describe('operator trade circles', () => {
  it('finds a circle by its owner, renames it, withdraws a request and dissolves another, each with its reason', async () => {
    const { page } = await e2e.operatorPage();
    await operatorMenu(page).getByRole('link', { name: '商圈管理' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/operation/company/trade'));
    await expect(page.getByTestId('list-row')).toHaveCount(2);
    await page.locator('#filter-owner').fill('骏达');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-circles');

    await page.getByRole('link', { name: '华南汽配商圈' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/trade/edit');
    await expect(page.getByTestId('circle-pending')).toContainText('杭州顺捷汽车修理厂');
    await page.locator('#circle-name').fill('华');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('#circle-name-error')).toHaveText('商圈名称至少2个字符');
    await page.locator('#circle-name').fill('华南汽配商圈（广州）');
    await page.locator('#circle-description').fill('广州及周边汽配商互通库存');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('op-status')).toContainText('已保存“华南汽配商圈（广州）”');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('华南汽配商圈（广州）');

    await page.getByRole('button', { name: '撤销申请 杭州顺捷汽车修理厂' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '撤销申请' }).click();
    await expect(dialog.getByRole('alert')).toContainText('请填写撤销原因');
    await dialog.locator('#circle-remove-reason').fill('非汽配企业，申请资料不符');
    await dialog.getByRole('button', { name: '撤销申请' }).click();
    await expect(page.getByTestId('op-status')).toContainText('杭州顺捷汽车修理厂 的入圈申请已撤销');
    await expect(page.getByText('没有待审核的申请')).toBeVisible();
    await noSideScroll(page);
    await e2e.shot(page, 'operation-circle-edit');
    await page.setViewportSize({ width: 1366, height: 900 });
    await e2e.shot(page, 'operation-circle-edit-1366');

    await page.getByRole('link', { name: '返回商圈管理' }).click();
    await page.getByRole('link', { name: '长三角维修联盟' }).click();
    await page.getByRole('button', { name: '解散商圈' }).click();
    await page.getByRole('dialog').locator('#circle-dissolve-reason').fill('长期无人维护');
    await page.getByRole('dialog').getByRole('button', { name: '解散商圈' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已解散' })).toContainText('商圈“长三角维修联盟”已解散，已通过消息助手通知圈主企业');

    const notices = await e2e.pglite.query<{ recipient: string; text: string }>(`select r.username as recipient, m.text from im_message m
      join app_user a on a.id = m.sender_id join app_user r on r.id = m.recipient_id where a.username = 'im-assistant' and m.text like '%商圈%' order by m.id`);
    expect(notices.rows.map((n) => n.recipient)).toEqual(['seller', 'seller', 'member', 'buyer']);
    expect(notices.rows.at(-1)?.text).toContain('原因：长期无人维护');
    const logged = await e2e.pglite.query<{ action: string }>(`select action from operator_audit where entity = 'trade_circle' order by id`);
    expect(logged.rows.map((r) => r.action)).toEqual(['update', 'remove_member', 'dissolve']);
  });
});
