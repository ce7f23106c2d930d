/**
 * Browser end-to-end of the platform warranty (平台质保, docs/warranty.md): the operator adds a
 * term on 质保条款 and prices 12 months of 平台质保 on 付费服务; the seller buys it online on 购买服务
 * (the sandbox checkout) and sees it running; the buyer's OE search shows 质保12个月 beside the
 * seller's offer on the desktop table and the phone's card.
 * Screenshots: warranty-terms-{1366,1024,390}, warranty-product-{1366,1024,390}, warranty-buy-{1366,390}, warranty-search-{1366,390}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contextDefaults, noSideScroll, operatorMenu, startE2E, type E2E, shotsAtSizes } from './harness';

let e2e: E2E;
let pick: { id: number; oe_norm: string };
beforeAll(async () => {
  e2e = await startE2E();
  const { rows: [row] } = await e2e.pglite.query<{ id: number; oe_norm: string }>(`
    select id, oe_norm from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 is not null order by id limit 1`);
  pick = row;
  await e2e.pglite.query(`update stock set quantity = 20, price0 = 12000, price1 = 13560, price99 = 15000, category_name = '易损件' where id = $1`, [pick.id]);
});
afterAll(async () => e2e?.close());

const shots = (page: Page, name: string, back: readonly [number, number]) => shotsAtSizes(e2e, page, name, back);

describe('platform warranty', () => {
  it('the operator sets a term and the price, the seller buys months of warranty, the buyer sees the 质保 mark', async () => {
    // ---- the operator: 质保条款 → 新增 ----
    const { page: o } = await e2e.operatorPage();
    await operatorMenu(o).getByRole('link', { name: '质保条款' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/system/warranty');
    await expect(o.getByText('还没有质保条款。点“新增”')).toBeVisible();
    await o.getByRole('button', { name: '新增' }).click();
    const dialog = o.getByRole('dialog', { name: '新增质保条款' });
    await dialog.getByLabel('条款名称').fill('易损件质保');
    await dialog.getByLabel(/质保月数/).fill('40');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('质保月数应为 1 至 36 之间的整数')).toBeVisible();
    await dialog.getByLabel(/质保月数/).fill('12');
    await dialog.getByLabel('适用配件分类').fill('易损件、保养件');
    await dialog.getByLabel('条款说明').fill('刹车片、滤清器等易损件和保养件，收货后12个月内出现质量问题可申请售后');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(o.getByTestId('op-status')).toHaveText('已保存：易损件质保（12个月，易损件、保养件）');
    await expect(o.getByRole('row', { name: /易损件质保/ })).toContainText('12个月');
    await o.getByRole('button', { name: '新增' }).click();
    const second = o.getByRole('dialog', { name: '新增质保条款' });
    await second.getByLabel('条款名称').fill('全车配件基础质保');
    await second.getByLabel(/质保月数/).fill('3');
    await second.getByRole('button', { name: '保存' }).click();
    await expect(o.getByTestId('op-status')).toHaveText('已保存：全车配件基础质保（3个月，全部配件）');
    await shots(o, 'warranty-terms', [1024, 768]);

    // ---- 付费服务 → 平台质保: 正式会员, 12 months for ¥1,200 ----
    await operatorMenu(o).getByRole('link', { name: '付费服务' }).click();
    await o.waitForURL((u) => u.pathname === '/operation/pay/product');
    await o.getByRole('tab', { name: '平台质保' }).click();
    const row = o.getByRole('row', { name: /正式会员/ }).filter({ has: o.locator('#product-warranty-2-pack_size') });
    await row.getByLabel('每包数量（个月）').fill('12');
    await row.getByLabel('每包价格（元）').fill('1200');
    await row.getByRole('button', { name: '保存正式会员的平台质保' }).click();
    await expect(o.getByRole('status').filter({ hasText: '已保存' })).toContainText('已保存：正式会员的平台质保每包 12个月，¥1,200.00，上架');
    await shots(o, 'warranty-product', [1024, 768]);

    // ---- the seller buys 12 months online ----
    const { page: s } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/accounting/service`);
    await expect(s.getByRole('region', { name: '我的额度' })).toContainText(/平台质保\s*未购买/);
    const pack = s.getByRole('article', { name: '平台质保' });
    await expect(pack).toContainText('每包 12个月');
    await pack.getByRole('button', { name: '在线支付购买平台质保' }).click();
    await s.waitForURL((u) => u.pathname === '/pay/sandbox');
    await s.getByRole('button', { name: '确认支付' }).click();
    await s.waitForURL((u) => u.pathname === '/backend/accounting/service' && u.searchParams.has('purchase'));
    await expect(s.getByRole('region', { name: '我的额度' })).toContainText(/质保中，至 \d{4}-\d\d-\d\d/);
    await e2e.shot(s, 'warranty-buy-1366');
    await s.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(s);
    await e2e.shot(s, 'warranty-buy-390');

    // ---- the buyer's OE search: the mark beside the offer ----
    const { page: b } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await e2e.signIn(b, '/login', 'buyer');
    await e2e.searchOe(b, pick.oe_norm);
    const offer = b.getByRole('row', { name: /骏达汽配/ }).filter({ hasText: '¥120.00' });
    await expect(offer.getByText('质保12个月')).toBeVisible();
    // the other sellers' offers carry none
    await expect(b.getByText('质保12个月')).toHaveCount(1);
    await e2e.shot(b, 'warranty-search-1366', { view: true });

    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...contextDefaults });
    const p = await phone.newPage();
    await p.goto(`${e2e.url}/ofo/cart`);
    await p.waitForURL((u) => u.pathname.endsWith('/login'));
    await p.locator('input[name="username"]').fill('buyer');
    await p.locator('input[name="password"]').fill('demo123456');
    await Promise.all([p.waitForURL((u) => u.pathname === '/ofo/cart'), p.locator('button[type="submit"]').click()]);
    await p.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    await p.waitForURL((u) => u.pathname === '/ofo/search');
    const card = p.locator(`[data-testid="stock-card"][data-stock-id="${pick.id}"]`);
    await expect(card).toContainText('质保12个月');
    await e2e.shot(p, 'warranty-search-390', { view: true });
    await phone.close();
  });
});
