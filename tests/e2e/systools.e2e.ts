/**
 * Browser end-to-end for the operators' system tools: 微信模板消息 (docs/wechat.md) — a field with
 * another scene's placeholder is refused under it, the template saved and enabled, a buyer's
 * enquiry then shows in the send log as 未发送 with the reason (no WeChat binding in the demo
 * data); 批量工具 (docs/batch-jobs.md) — a 重建搜索词 job started on the page runs in the
 * background to 已完成 with its progress and its log. Screenshots: wechat-<w>, batchtools-<w>
 * (1366/1024/390), batchtools-log-1024.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

let o: Page;

describe('operator system tools', () => {
  it('微信模板消息: a template refused under its field, then saved; an enquiry shows in the send log', async () => {
    o = (await e2e.operatorPage()).page;
    await o.goto(`${e2e.url}/operation/system/notice/wechat`);
    const form = o.getByRole('form', { name: '新询价模板' });
    await form.getByLabel('模板ID').fill('TPL_inquiry_01');
    await form.getByLabel('字段名 1').fill('keyword1');
    await form.getByLabel('内容').fill('{order_no}');
    await form.getByLabel('启用').check();
    await form.getByRole('button', { name: '保存新询价模板' }).click();
    await expect(form.getByText('未知的占位符 {order_no}')).toBeVisible();
    await form.getByLabel('内容').fill('{enquiry_no}（{buyer}）');
    await form.getByRole('button', { name: '保存新询价模板' }).click();
    await expect(form.getByRole('status')).toHaveText('已保存并启用，之后的消息按此发送');

    const buyer = await apiToken(e2e.url, 'buyer');
    await apiCall<{ enquiry_no: string }>(e2e.url, buyer, 'POST', '/enquiry/add', {
      lines: [{ oe: '7L0698151A', name: '前刹车片', qty: 2, quality: '原厂件' }], seller_ids: [2], note: '', send: true,
    });
    await o.reload();
    // the only message: the seller's contact, who has no WeChat binding
    const row = o.getByRole('row', { name: /未发送/ });
    await expect(row).toContainText('新询价');
    await expect(row).toContainText('用户未绑定微信');
    await shotsAtSizes(e2e, o, 'wechat', [1024, 768]);
  });

  it('批量工具: a 重建搜索词 job runs to 已完成 with its progress and log', async () => {
    await o.goto(`${e2e.url}/operation/system/batchtools`);
    await expect(o.getByText('还没有批量任务')).toBeVisible();
    await o.getByRole('button', { name: '开始', exact: true }).click();
    await expect(o.getByTestId('op-status')).toContainText('已开始任务');
    const row = o.getByRole('row', { name: /重建搜索词/ });
    await expect(row.getByText('已完成')).toBeVisible({ timeout: 60_000 });
    const [done, total] = (await row.getByTestId('batch-progress').innerText()).match(/(\d+) \/ (\d+)/)!.slice(1);
    expect(done).toBe(total);
    await shotsAtSizes(e2e, o, 'batchtools', [1024, 768]);
    await row.getByRole('button', { name: /的日志$/ }).click();
    const log = o.getByTestId('batch-log');
    await expect(log).toContainText('开始：重建搜索词：全部库存');
    await expect(log).toContainText(`完成：处理 ${total} 行`);
    await e2e.shot(o, 'batchtools-log-1024');
  });
});
