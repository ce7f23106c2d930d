/**
 * Browser end-to-end of promotion prices of paid services (docs/money.md#promotion-prices): the
 * operator creates a promotion on 促销价 for the seller's level, the seller's 购买服务 page shows
 * the list price struck through and the promotional one, the seller buys at it through the
 * sandbox checkout, and the use appears on the operator's 促销使用记录 with what was charged.
 * Screenshots: promo-dialog-1024, promo-pricing-{1366,1024,390}, promo-buy-{1366,1024,390}, promo-use-{1366,1024,390}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { operatorMenu, startE2E, type E2E, shotsAtSizes } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  // the seller's level (正式会员, 2) sells packs of 5 employee seats at 100 元
  await e2e.pglite.query(`insert into paid_service_product (service, level_id, pack_size, price_fen, enabled) values ('user', 2, 5, 10000, true)
    on conflict (service, level_id) do update set pack_size = 5, price_fen = 10000, enabled = true`);
});
afterAll(async () => e2e?.close());

/** Screenshots at 1366, 1024 and 390; the page fits from 1024 up. */
const shots = (page: Page, name: string, back: readonly [number, number]) => shotsAtSizes(e2e, page, name, back, { fitFrom: 1024 });

describe('promotion prices of paid services', () => {
  it('an operator creates a promotion, the seller buys at that price, the use is listed', async () => {
    // ---- the operator: 促销价 → 新建促销 ----
    const { page: o } = await e2e.operatorPage();
    await operatorMenu(o).getByRole('link', { name: '促销价' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/pay/promotionPricing');
    await o.getByRole('button', { name: '新建促销' }).click();
    const dialog = o.getByRole('dialog');
    // nothing filled: each refusal under its field, nothing sent
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请填写促销名称')).toBeVisible();
    await expect(dialog.getByText('请至少选择一个会员等级')).toBeVisible();
    await dialog.getByLabel('促销名称').fill('开年特惠');
    await dialog.getByText('正式会员').click();
    // above the list price: the server refuses and names the field
    await dialog.getByLabel('促销价（元/包）').fill('120');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('促销价应低于正式会员的原价 ¥100.00（每包）')).toBeVisible();
    await e2e.shot(o, 'promo-dialog-1024', { view: true });
    await dialog.getByLabel('促销价（元/包）').fill('60');
    await dialog.getByLabel('总次数').fill('10');
    await dialog.getByLabel('每家企业次数').fill('1');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(o.getByTestId('op-status')).toContainText('已保存促销“开年特惠”（员工名额，每包 ¥60.00');
    const row = o.getByRole('row', { name: /开年特惠/ });
    await expect(row).toContainText('进行中');
    const { rows: [saved] } = await e2e.pglite.query<{ max_uses: number; per_company: number; value: string }>(`select max_uses, per_company, value from paid_service_promotion where name = '开年特惠'`);
    expect([saved.max_uses, saved.per_company, Number(saved.value)]).toEqual([10, 1, 6_000]);
    await shots(o, 'promo-pricing', [1024, 768]);

    // ---- the seller: 购买服务 shows ¥100.00 struck through and ¥60.00, and buys at it ----
    const { page: s } = await e2e.newPage();
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/accounting/service`);
    const pack = s.getByRole('article', { name: '员工名额' });
    await expect(pack.getByLabel('原价 ¥100.00')).toBeVisible();
    await expect(pack.getByLabel('促销价 ¥60.00')).toBeVisible();
    expect(await pack.locator('s').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    await expect(pack).toContainText('限时促销“开年特惠”');
    await shots(s, 'promo-buy', [1366, 900]);
    await pack.getByRole('button', { name: '在线支付购买员工名额' }).click();
    await s.waitForURL((u) => u.pathname === '/pay/sandbox');
    await expect(s.getByTestId('sandbox-amount')).toHaveText('¥60.00');
    await s.getByRole('button', { name: '确认支付' }).click();
    await s.waitForURL((u) => u.pathname === '/backend/accounting/service' && u.searchParams.has('purchase'));
    const purchaseNo = new URL(s.url()).searchParams.get('purchase')!;
    const { rows: [bought] } = await e2e.pglite.query<{ state: string; amount_fen: string }>('select state, amount_fen from paid_service_purchase where purchase_no = $1', [purchaseNo]);
    expect(bought).toMatchObject({ state: 'paid' });
    expect(Number(bought.amount_fen)).toBe(6_000);
    // one per company: the page now asks the list price
    await s.reload();
    await expect(s.getByRole('article', { name: '员工名额' })).toContainText('¥100.00/包');
    await expect(s.getByRole('article', { name: '员工名额' }).locator('s')).toHaveCount(0);

    // ---- the operator: 促销使用记录 lists the use ----
    await operatorMenu(o).getByRole('link', { name: '促销使用记录' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/pay/promotionUse');
    const use = o.getByRole('row', { name: /广州骏达汽车配件有限公司/ });
    await expect(use).toContainText('¥100.00');
    await expect(use).toContainText('¥60.00');
    await expect(use).toContainText('已支付');
    await expect(o.getByText('未取消的合计：原价 ¥100.00，实付 ¥60.00，优惠 ¥40.00')).toBeVisible();
    await expect(o.getByRole('button', { name: '导出XLSX' })).toBeVisible();
    await shots(o, 'promo-use', [1024, 768]);
    const { rows: [u] } = await e2e.pglite.query<{ original_fen: string; charged_fen: string }>(
      'select x.original_fen, x.charged_fen from paid_service_promotion_use x join paid_service_purchase p on p.id = x.purchase_id where p.purchase_no = $1', [purchaseNo]);
    expect([Number(u.original_fen), Number(u.charged_fen)]).toEqual([10_000, 6_000]);
  });
});
