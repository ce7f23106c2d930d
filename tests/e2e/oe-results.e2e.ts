/**
 * Browser end-to-end for the OE results: an OE number with more sellers than one answer holds
 * shows its total and pages the rest with 查看更多; the stock row shows its codes, specification
 * and factory make, and the 详情 panel the rest of the row (Vietnamese price for formal members
 * only). The table fits a 1366 px window. Screenshots: oe-more, oe-all, oe-details, oe-member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { shotsDir, startE2E, type E2E, saveScreenshot } from './harness';

let e2e: E2E;
let oe: { oe_norm: string; supplier_oe: string };
let total: number;
beforeAll(async () => {
  e2e = await startE2E();
  oe = (await e2e.pglite.query<{ oe_norm: string; supplier_oe: string }>(
    `select oe_norm, min(supplier_oe) as supplier_oe from stock where state = 'on' group by oe_norm order by count(*) desc, oe_norm limit 1`)).rows[0];
  // 240 more sellers' rows of that number: more than the 200 of the first page
  await e2e.pglite.query(`insert into stock (company_id, product_id, oe_norm, supplier_oe, supplier_code, name, quality_id, make_id, terminology_id, factory_make_id,
      quantity, price99, price0, price1, price2, price3, vn_price, vn_quantity, length_mm, width_mm, height_mm, weight_g)
    select 2 + g % 5, product_id, oe_norm, supplier_oe, 'EX' || g, name, 2, make_id, terminology_id, factory_make_id, 1 + g % 9,
      20000 + g, 15000 + g, 16950 + g, 19500 + g, 22035 + g, 68000000, 12, 320, 180, 90, 2600
    from stock, generate_series(1, 240) g where id = (select min(id) from stock where oe_norm = $1)`, [oe.oe_norm]);
  total = (await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from stock where oe_norm = $1 and state = 'on'`, [oe.oe_norm])).rows[0].n;
});
afterAll(async () => e2e?.close());

describe('OE results', () => {
  it('shows the total of an OE group and pages the rest of its sellers with 查看更多', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/parts/oe?code=${encodeURIComponent(oe.supplier_oe)}`);
    const group = page.getByRole('region', { name: `OE ${oe.supplier_oe}` });
    await group.getByText(`共 ${total} 家报价，已显示 200 家`).waitFor();
    const more = group.getByRole('button', { name: `查看更多（还有 ${total - 200} 家）` });
    await more.waitFor();
    // the table fits the window: no sideways scrolling at 1366 px
    await expect.poll(() => group.locator('.p-datatable-wrapper').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const head = async () => (await group.locator('thead').innerText()).replace(/\s+/g, '');
    for (const h of ['配件编码', '规格', '品牌/品质', '适用车型', '批发价(不含税)']) await expect.poll(head).toContain(h);
    await e2e.shot(page, 'oe-more');
    await saveScreenshot(page, { path: join(shotsDir, 'oe-more-top.png') });

    await more.click();
    await group.getByText(`${total} 家报价`, { exact: true }).waitFor();
    await expect(group.getByRole('button', { name: /查看更多/ })).toHaveCount(0);
    // every seller is reachable: the paginator now counts them all
    await group.locator('.p-paginator-last').click();
    const lastPage = total - 50 * Math.floor((total - 1) / 50);
    await expect.poll(() => group.locator('tbody tr').count()).toBe(lastPage);
    await e2e.shot(page, 'oe-all');

    // 详情: the columns the table leaves out, the Vietnamese price for a formal member
    await group.locator('.p-paginator-first').click();
    await group.locator('.stock-details-button').first().click();
    const panel = page.locator('.stock-details-panel');
    for (const label of ['自编码', '通用名称', '配件分类', '车型厂牌', '尺寸', '重量', '装箱数', '单车用量']) await expect(panel).toContainText(label);
    await saveScreenshot(page, { path: join(shotsDir, 'oe-details.png') });
    await context.close();
  });

  it('a registered member sees the row details without the Vietnamese price, and blurred contacts', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.goto(`${e2e.url}/search/parts/oe?code=${encodeURIComponent(oe.supplier_oe)}`);
    const group = page.getByRole('region', { name: `OE ${oe.supplier_oe}` });
    await group.getByText(`共 ${total} 家报价，已显示 200 家`).waitFor();
    await group.getByRole('button', { name: /查看更多/ }).click();
    await group.getByText(`${total} 家报价`, { exact: true }).waitFor();
    await group.locator('.p-paginator-last').click();
    // a row of the pages after the first
    const extra = group.locator('tbody tr').first();
    await extra.waitFor();
    await extra.locator('.stock-details-button').click();
    // the row's detail, right under it: the blurred contacts and the columns the table leaves out
    const panel = page.locator('.stock-details-panel');
    await expect(panel).toContainText('升级为正式会员后可查看');
    await expect(panel).toContainText('车型厂牌');
    await expect(panel).toContainText('尺寸');
    await expect(panel).not.toContainText('越南价');
    await e2e.shot(page, 'oe-member');
    await context.close();
  });
});
