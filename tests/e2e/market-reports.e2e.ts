/**
 * Browser end-to-end of the market reports (docs/reports.md) for an operator holding only D01-01:
 * 转化报表 from the menu shows today's searches in its funnel and its period table, changes to a
 * monthly view for one province through the form; 维修厂采购 shows the repair shops' order of today
 * by region. Screenshots: operation-report-sfe-<w>, operation-report-weipei-<w> (1366/1024/390).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, operatorMenu, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
beforeAll(async () => {
  e2e = await startE2E();
  await e2e.pglite.query(`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
    select '00000000-0000-4000-8000-0000000000d1', 1, 'marketreport', '报表员', password_hash, '{D01-01}' from app_user where username = 'operator'`);
  // today: the member company (杭州, a repair shop) searched 7 times and ordered once from the seller
  await e2e.pglite.query(`insert into stock_query_count (company_id, day, used) values (4, '${today}', 7)
    on conflict (company_id, day) do update set used = stock_query_count.used + 7`);
  await e2e.pglite.query(`insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, line_count, total_qty, total_fen,
      contact_name, contact_phone, address, created_at)
    select 'SO-E2E-MKT1', 'CO-E2E-MKT1', 4, id, 2, 1, 2, 12800, '陈师傅', '13800000005', '杭州市拱墅区石祥路71号', now() from app_user where username = 'member'`);
});
afterAll(async () => e2e?.close());

describe('market reports', () => {
  it('a report operator reads the funnel and the repair shops by region', async () => {
    const { page } = await e2e.operatorPage('marketreport');
    await operatorMenu(page).getByRole('link', { name: '转化报表', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/operation/report/sfeReport');
    const searches = (await e2e.pglite.query<{ n: number }>(`select coalesce(sum(used), 0)::int as n from stock_query_count
      where day between '${today}'::date - 29 and '${today}'::date`)).rows[0].n;
    expect(searches).toBeGreaterThanOrEqual(7);
    const chart = page.getByTestId('report-chart');
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`期间转化：搜索 ${searches}，`));
    await expect(chart.locator('svg path')).not.toHaveCount(0);
    await expect(page.getByTestId('funnel-periods').locator('tfoot')).toContainText(String(searches));
    await expect(page.getByTestId('funnel-provinces')).toContainText('浙江省');
    await shotsAtSizes(e2e, page, 'operation-report-sfe', [1366, 768]);

    // per month, Zhejiang only: the month's row holds the member's searches
    await page.getByLabel('统计周期').selectOption('month');
    await page.getByLabel('买家省份').selectOption('浙江省');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('grain') === 'month' && u.searchParams.get('province') === '浙江省');
    await expect(page.getByTestId('funnel-periods').locator('tbody tr').first()).toContainText(today.slice(0, 7));
    await expect(page.getByTestId('funnel-provinces').locator('tbody tr')).toHaveCount(1);

    await operatorMenu(page).getByRole('link', { name: '维修厂采购', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/operation/report/weipei');
    const hangzhou = page.getByTestId('weipei-regions').locator('tbody tr').filter({ hasText: '杭州市' });
    await expect(hangzhou).toContainText('浙江省');
    await expect(hangzhou).toContainText('¥128.00');
    await expect(page.getByTestId('report-chart')).toHaveAttribute('aria-label', /采购金额最多的省份/);
    await noSideScroll(page);
    await shotsAtSizes(e2e, page, 'operation-report-weipei', [1366, 768]);
  });
});
