/**
 * Browser end-to-end of the operator's catalogue and reports at 1024×768: the operator
 * merges two OE numbers on the OE cleaning page and the buyer's OE search then finds the stock
 * under both, then undoes the merge and the search splits again; an operator holding only the report role follows the home's empty-search figure to
 * the search report, whose chart and tables show the day's real searches, and has no company pages.
 * Screenshots: operation-oe-clean, operation-oe-unmerge, operation-report-search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noSideScroll, operatorMenu, pathOf, startE2E, type E2E } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
const A = { supplier: 'E2E-MERGE-0001', norm: 'E2EMERGE0001' };
const B = { supplier: 'E2E MERGE 0001B', norm: 'E2EMERGE0001B' };
const MISSING = 'E2ENOSUCH77';
beforeAll(async () => {
  e2e = await startE2E();
  // one row under each number, at two different sellers
  const copy = (companySql: string, oe: { supplier: string; norm: string }) => e2e.pglite.query(`
    insert into stock (company_id, oe_norm, supplier_oe, name, part_brand_id, quality_id, make_id, terminology_id, quantity, price99, price0, price1, price2, price3)
    select company_id, '${oe.norm}', '${oe.supplier}', name, part_brand_id, quality_id, make_id, terminology_id, 8, price99, price0, price1, price2, price3
    from stock where ${companySql} and state = 'on' order by id limit 1`);
  await copy('company_id = 2', A);
  await copy(`company_id = (select min(company_id) from stock where company_id > 5 and state = 'on')`, B);
  await e2e.pglite.query(`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
    select '00000000-0000-4000-8000-0000000000cc', 1, 'reportonly', '报表员', password_hash, '{D01-01}' from app_user where username = 'operator'`);
});
afterAll(async () => e2e?.close());

const group = (page: Page, oeNumber: string) => page.getByRole('region', { name: `OE ${oeNumber}` });

describe('operator catalogue and reports', () => {
  it('merges two OE numbers: the buyer searching either finds the stock under both', async () => {
    const buyer = await e2e.newPage();
    await buyer.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await e2e.searchOe(buyer.page, B.supplier);
    await expect(group(buyer.page, B.supplier)).toContainText('1 家报价');
    await expect(group(buyer.page, A.supplier)).toHaveCount(0);

    const { page, context } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await operatorMenu(page).getByRole('link', { name: 'OE清洗' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/product/clean/oe');
    await page.locator('#oe-lookup').fill(A.supplier);
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByTestId('oe-stock-on')).toHaveText('1 条');
    // a number nobody has is refused beside its field, and nothing changes
    await page.locator('#oe-merge').fill('E2E-NOBODY-9');
    await page.getByRole('button', { name: `合并到 ${A.norm}` }).click();
    await expect(page.locator('#oe-merge-error')).toHaveText('OE号 E2ENOBODY9 在目录和库存中都不存在');
    await page.locator('#oe-merge').fill(B.supplier);
    await page.getByRole('button', { name: `合并到 ${A.norm}` }).click();
    await expect(page.locator('.op-status.ok')).toHaveText(`已把 ${B.norm} 合并到 ${A.norm}`);
    await expect(page.getByTestId('oe-relations')).toContainText(B.norm);
    await expect(page.getByTestId('oe-relations')).toContainText('合并（别名）');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-oe-clean');

    // either number now finds both rows: its own as the exact group, the other as an alias
    await e2e.searchOe(buyer.page, B.supplier);
    await expect(group(buyer.page, B.supplier)).toContainText('1 家报价');
    await expect(group(buyer.page, A.supplier)).toContainText('别名');
    await expect(group(buyer.page, A.supplier)).toContainText('1 家报价');
    await e2e.searchOe(buyer.page, A.supplier);
    await expect(group(buyer.page, B.supplier)).toContainText('1 家报价');

    // the operator undoes the merge from the merged number's page: the buyer's search splits again
    await page.getByTestId('oe-relations').getByRole('button', { name: B.norm }).click();
    await page.getByRole('button', { name: '撤销合并' }).click();
    await expect(page.locator('.op-status.ok')).toHaveText(`已撤销 ${B.norm} 与 ${A.norm} 的合并`);
    await expect(page.getByTestId('oe-summary')).not.toContainText('已合并到');
    await e2e.shot(page, 'operation-oe-unmerge');
    await context.close();
    await e2e.searchOe(buyer.page, B.supplier);
    await expect(group(buyer.page, B.supplier)).toContainText('1 家报价');
    await expect(group(buyer.page, A.supplier)).toHaveCount(0);
    // a search that finds nothing, for the report
    await e2e.searchOe(buyer.page, MISSING);
    await expect(group(buyer.page, MISSING)).toContainText('0 家报价');
    await buyer.context.close();
  });

  it('a report-only operator opens the search report from the home figure: a chart of the real rows, no company pages', async () => {
    const { page, context } = await e2e.operatorPage('reportonly');
    await page.getByRole('heading', { name: /今日概况/ }).waitFor();
    await expect(operatorMenu(page).getByRole('link', { name: '企业列表', exact: true })).toHaveCount(0);
    await page.getByTestId('figure-无结果搜索').click();
    await page.waitForURL((u) => u.pathname === '/operation/report/search');

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const real = (await e2e.pglite.query<{ searches: number; misses: number }>(`select
      (select coalesce(sum(used), 0)::int from stock_query_count where day = '${today}') as searches,
      (select coalesce(sum(n), 0)::int from search_miss where day = '${today}') as misses`)).rows[0];
    expect(real.searches).toBeGreaterThanOrEqual(3);
    const chart = page.getByTestId('report-chart');
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${today}：库存查询 ${real.searches} 次，无结果 ${real.misses} 次`));
    // ECharts drew it: an SVG with the series' shapes and their legend
    await expect(chart.locator('svg path')).not.toHaveCount(0);
    await expect(chart.locator('svg text').filter({ hasText: '无结果搜索' })).toHaveCount(1);
    await expect(page.getByTestId('top-oe')).toContainText(MISSING);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-report-search');

    // 会员查询: the company that searched most over the last 30 days comes first, with its count
    const top = (await e2e.pglite.query<{ name: string; n: number }>(`select c.name, sum(q.used)::int as n from stock_query_count q join company c on c.id = q.company_id
      where q.day > '${today}'::date - 30 and c.id <> 1 group by c.id, c.name order by n desc, c.id limit 1`)).rows[0];
    await operatorMenu(page).getByRole('link', { name: '会员查询' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/report/memberQuery');
    const firstRow = page.locator('table tbody tr').first();
    await expect(firstRow).toContainText(top.name);
    // the 库存查询 cell, found by its column's header (the columns shown depend on the width)
    const queriesAt = await page.locator('table thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === '库存查询'));
    expect(queriesAt).toBeGreaterThan(0);
    await expect(firstRow.locator('td').nth(queriesAt)).toHaveText(String(top.n));
    await noSideScroll(page);
    await e2e.shot(page, 'operation-report-member-query');

    // a page the role's codes do not open says so in place, with the code it needs
    await page.goto(`${e2e.url}/operation/company/list`);
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await expect(page.getByTestId('forbidden-needs')).toContainText('D02-01');
    expect(pathOf(page)).toBe('/operation/company/list');
    await context.close();
  });
});
