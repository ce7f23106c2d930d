/**
 * Browser end-to-end of quote packs (报价包, docs/money.md#the-daily-quote-limit): the operator
 * prices the seller's level's pack on 付费服务 → 报价包; the seller, its one free quote of the day
 * used, is refused with 今日报价次数已用完 and a link to 购买报价包, buys a pack online on 购买服务
 * (the sandbox checkout), and quotes the line with a bought quote; the purchase shows on 报价包记录 with one used.
 * Screenshots: quote-product-{1366,1024,390}, quote-refused-1366, quote-buy-390, quote-record-{1366,1024,390}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { operatorMenu, startE2E, type E2E, shotsAtSizes } from './harness';
import { quoteQuotaText } from '../../src/shared/domain/quote-quota';

let e2e: E2E;
let enquiryId = 0;
beforeAll(async () => {
  e2e = await startE2E();
  const q = e2e.pglite.query.bind(e2e.pglite);
  // the seller's level (正式会员, 2) gives one free quote a day
  await q(`update company_level set quote_per_day = 1 where id = 2`);
  const { rows: [buyer] } = await q<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
  const { rows: [enquiry] } = await q<{ id: number }>(`
    insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, note, created_at, sent_at, expires_at)
    values ('XJ2026112900004701', $1, $2, 'open', '', now() - interval '1 hour', now() - interval '1 hour', now() + interval '3 days') returning id`, [buyer.company_id, buyer.id]);
  enquiryId = enquiry.id;
  await q(`insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality) values
    ($1, 1, '04465-33450', '0446533450', '前刹车片', 2, '不限'), ($1, 2, '90915-YZZD4', '90915YZZD4', '机油滤清器', 4, '不限')`, [enquiry.id]);
  await q(`insert into enquiry_recipient (enquiry_id, seller_company_id) values ($1, 2)`, [enquiry.id]);
});
afterAll(async () => e2e?.close());

const shots = (page: Page, name: string, back: readonly [number, number]) => shotsAtSizes(e2e, page, name, back);

describe('quote packs', () => {
  it('the operator prices the pack, the seller past its free quote buys one and quotes, the record shows it used', async () => {
    // ---- the operator: 付费服务 → 报价包, 正式会员: 10 quotes for ¥20.00 ----
    const { page: o } = await e2e.operatorPage();
    await operatorMenu(o).getByRole('link', { name: '付费服务' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/pay/product');
    await o.getByRole('tab', { name: '报价包' }).click();
    await expect(o.getByText('报价包：会员等级的每日免费报价次数用完后')).toBeVisible();
    const row = o.getByRole('row', { name: /正式会员/ }).filter({ has: o.locator('#product-quote-2-pack_size') });
    await row.getByLabel('每包数量（次）').fill('10');
    await row.getByLabel('每包价格（元）').fill('20');
    await row.getByRole('button', { name: '保存正式会员的报价包' }).click();
    await expect(o.getByRole('status').filter({ hasText: '已保存' })).toContainText('已保存：正式会员的报价包每包 10次，¥20.00，上架');
    await shots(o, 'quote-product', [1366, 768]);

    // ---- the seller: the free quote, then refused ----
    const { page: s } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/quote/${enquiryId}`);
    await expect(s.getByTestId('quote-allowance')).toHaveText('今日已报价 0 次，每日免费 1 次（剩余 1 次），已购报价次数剩余 0 次');
    const line = (n: number) => s.getByTestId('quote-line').nth(n);
    await line(0).getByRole('textbox', { name: '第1行 报价' }).fill('420');
    await line(0).getByRole('textbox', { name: '第1行 报价' }).press('Enter');
    await expect(line(0).getByRole('status')).toHaveText('已报价 ¥420.00');
    await expect(s.getByTestId('quote-allowance')).toContainText('今日已报价 1 次，每日免费 1 次（剩余 0 次），已购报价次数剩余 0 次，今日不能再报新价');
    await line(1).getByRole('textbox', { name: '第2行 报价' }).fill('35');
    await line(1).getByRole('textbox', { name: '第2行 报价' }).press('Enter');
    await expect(line(1).getByRole('alert')).toContainText(quoteQuotaText.usedUp);
    await e2e.shot(s, 'quote-refused-1366');
    const { rows: [none] } = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from quote where enquiry_id = $1`, [enquiryId]);
    expect(none.n).toBe(1);

    // ---- 购买报价包, paid online (the sandbox checkout) ----
    await line(1).getByRole('link', { name: '购买报价包' }).click();
    await s.waitForURL((u) => u.pathname === '/backend/accounting/service');
    await expect(s.getByText('今日报价')).toBeVisible();
    const pack = s.getByRole('article', { name: '报价包' });
    await expect(pack).toContainText('每包 10次，¥20.00/包');
    await pack.getByRole('button', { name: '在线支付购买报价包' }).click();
    await s.waitForURL((u) => u.pathname === '/pay/sandbox');
    await s.getByRole('button', { name: '确认支付' }).click();
    await s.waitForURL((u) => u.pathname === '/backend/accounting/service' && u.searchParams.has('purchase'));
    await expect(s.getByRole('region', { name: '我的额度' })).toContainText('已购剩余 10 次');
    await s.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(s, 'quote-buy-390');
    await s.setViewportSize({ width: 1366, height: 900 });

    // ---- the second line now takes a bought quote ----
    await s.goto(`${e2e.url}/backend/quote/${enquiryId}`);
    await line(1).getByRole('textbox', { name: '第2行 报价' }).fill('35');
    await line(1).getByRole('textbox', { name: '第2行 报价' }).press('Enter');
    await expect(line(1).getByRole('status')).toHaveText('已报价 ¥35.00');
    await expect(s.getByTestId('quote-allowance')).toContainText('今日已报价 2 次，每日免费 1 次（剩余 0 次），已购报价次数剩余 9 次，新报价使用已购次数');

    // ---- the operator: 报价包记录 ----
    await operatorMenu(o).getByRole('link', { name: '报价包记录' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/pay/record/quote');
    const rec = o.getByRole('row', { name: /广州骏达汽车配件有限公司/ });
    await expect(rec).toContainText('10次');
    await expect(rec).toContainText('¥20.00');
    // used 1, left 9 of the company's bought quotes
    await expect(rec).toContainText('9次');
    await expect(rec).toContainText('已支付');
    await expect(o.getByText('已支付合计 ¥20.00')).toBeVisible();
    await shots(o, 'quote-record', [1366, 768]);
  });
});
