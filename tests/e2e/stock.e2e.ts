/**
 * Browser end-to-end of the seller's stock page: the clerk (M03 only) filters the list,
 * edits a price in place and a buyer sees the new price in an OE search; an invalid price goes back
 * and says why; a new row is added through the form (a refusal names its field, nothing typed is
 * lost); on a 1024×768 touch tablet the page does not scroll sideways and the cells stay reachable.
 * Screenshots: stock-list, stock-inline-edit, stock-form-error, stock-tablet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contextDefaults, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const openStock = async (page: Page, query = '') => {
  await page.goto(`${e2e.url}/backend/product/stockAndPrice${query}`);
  await page.getByRole('region', { name: '库存与价格' }).waitFor();
};
const status = (page: Page) => page.getByTestId('stock-status');

describe('seller stock page', () => {
  it('the clerk filters, edits a price in place, and the buyer sees the new price in OE search', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ id: number; oe_norm: string; supplier_oe: string }>(`
      select id::int as id, oe_norm, supplier_oe from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 is not null
      order by id limit 1`);
    await e2e.pglite.query('update stock set price_lock = false where id = $1', [pick.id]);
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'clerk');
    await openStock(page);
    // the menu shows the stock page, not the orders the clerk may not see
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu.getByRole('link', { name: '库存与价格' })).toHaveCount(1);
    await expect(menu.getByRole('link', { name: '销售订单' })).toHaveCount(0);

    await page.getByLabel('OE号').fill(pick.oe_norm);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.searchParams.get('supplier_oe') === pick.oe_norm);
    const row = page.locator(`[data-testid="list-row"][data-id="${pick.id}"]`);
    await row.waitFor();
    await e2e.shot(page, 'stock-list');

    const priceCell = page.getByRole('button', { name: `修改 ${pick.supplier_oe} 批发价(不含税)` });
    await priceCell.click();
    const input = page.getByRole('textbox', { name: `${pick.supplier_oe} 批发价(不含税)` });
    await input.fill('-5');
    await input.press('Enter');
    await expect(status(page)).toContainText('批发价(不含税)须为不小于0的数字');
    await priceCell.click();
    await input.fill('88.8');
    await e2e.shot(page, 'stock-inline-edit');
    await input.press('Enter');
    await expect(status(page)).toContainText('已保存');
    await expect(priceCell).toHaveText('88.80');
    const { rows: [saved] } = await e2e.pglite.query<{ price0: number }>('select price0 from stock where id = $1', [pick.id]);
    expect(saved.price0).toBe(8880);

    // the buyer (a formal member, who sees wholesale prices) finds the new price on the next search
    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.goto(`${e2e.url}/search/parts/oe?code=${pick.oe_norm}`);
    await expect(buyer.page.locator('table').first()).toContainText('88.80', { timeout: 15_000 });
    await buyer.context.close();
    await page.context().close();
  });

  it('adds a row through the form: a refusal names the field and keeps what was typed', async () => {
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await openStock(page);
    await page.getByRole('button', { name: '新增库存' }).click();
    const dialog = page.getByRole('dialog', { name: '新增库存' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'OE号' }).fill('8K0-615-301-M');
    await dialog.getByLabel('配件名称').fill('前制动盘');
    await dialog.getByLabel('批发价(不含税)').fill('12.345');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#custom_brand_name-error, #part_brand_id-error').first()).toContainText('请选择配件品牌或填写自有品牌');
    await expect(dialog.locator('#price0-error')).toHaveText('批发价(不含税)最多两位小数');
    await expect(dialog.getByLabel('配件名称')).toHaveValue('前制动盘');
    await e2e.shot(page, 'stock-form-error');

    await dialog.getByLabel('自有品牌').fill('骏达精选');
    await dialog.locator('.p-dropdown:has(#quality_id)').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
    await dialog.getByLabel('批发价(不含税)').fill('320');
    await dialog.getByLabel('库存数量').fill('6');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(status(page)).toContainText('已新增：8K0-615-301-M 前制动盘');
    await expect(page.locator('[data-testid="list-row"]').first()).toContainText('8K0-615-301-M');
    const { rows } = await e2e.pglite.query<{ price0: number; quantity: number }>(`select price0, quantity from stock where oe_norm = '8K0615301M' and company_id = 2`);
    expect(rows).toEqual([{ price0: 32000, quantity: 6 }]);

    // 业绩设置 of the new row: take part in Guangdong only (业绩 folds into the row's expansion at 1366)
    const added = page.locator('[data-testid="list-row"]', { hasText: '8K0-615-301-M' });
    await added.getByRole('button', { name: /其余\d+列$/ }).click();
    await page.getByRole('button', { name: '业绩设置 8K0-615-301-M' }).click();
    const perf = page.getByRole('dialog', { name: /^业绩设置/ });
    await perf.locator('.p-inputswitch').click();
    await perf.locator('.p-multiselect:has(#performance-provinces)').click();
    await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: '广东省' }).click();
    await e2e.shot(page, 'stock-performance');
    // a click beside the list closes it, not the dialog
    await perf.locator('.p-dialog-title').click();
    await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
    await perf.getByRole('button', { name: '保存' }).click();
    await expect(status(page)).toHaveText('业绩设置已保存：8K0-615-301-M 广东省');
    await expect(page.getByRole('button', { name: '业绩设置 8K0-615-301-M' })).toHaveText('广东省');
    await page.context().close();
  });

  it('on a 1024×768 touch tablet the page does not scroll sideways and a quantity can be adjusted by touch', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'clerk');
    await openStock(page);
    const first = page.locator('[data-testid="list-row"]').first();
    await first.waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const id = Number(await first.getAttribute('data-id'));
    const { rows: [before] } = await e2e.pglite.query<{ quantity: number; supplier_oe: string }>('select quantity, supplier_oe from stock where id = $1', [id]);
    await first.getByRole('button', { name: `调整 ${before.supplier_oe} 库存` }).tap();
    const adjust = first.getByRole('textbox', { name: `调整 ${before.supplier_oe} 库存（+N 或 -N）` });
    await adjust.fill('+3');
    await adjust.press('Enter');
    await expect(status(page)).toContainText(`现为 ${before.quantity + 3}`);
    // the last column (操作) is reached by scrolling the table, not the page
    const edit = first.getByRole('button', { name: `编辑 ${before.supplier_oe}` });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollX)).toBe(0);
    await e2e.shot(page, 'stock-tablet');
    await context.close();
  });

  it('an 800-row page draws only the rows in view, on a desktop and on a phone, and scrolling reaches the last row', async () => {
    const { rows: [{ n }] } = await e2e.pglite.query<{ n: number }>('select count(*)::int as n from stock where company_id = 2');
    const expected = Math.min(800, n);
    expect(expected).toBeGreaterThan(300);
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      const { context, page } = await e2e.newPage({ viewport, isMobile: viewport.width < 640, hasTouch: viewport.width < 640 });
      await e2e.signIn(page, '/login', 'clerk');
      await openStock(page, '?size=800');
      const rows = page.locator('[data-testid="list-row"]');
      await rows.first().waitFor();
      // a screenful and a few either side, not 800
      await expect.poll(() => rows.count()).toBeLessThan(80);
      // scroll to the end of the list: the table's frame on a desktop, the page on a phone
      const drawn = () => page.locator('[data-index]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))));
      // the measured heights replace the guesses as rows come into view, so scroll to the end until it holds
      await expect.poll(async () => {
        await page.evaluate(() => {
          const box = document.querySelector<HTMLElement>('.list-scroll');
          const target = box && box.offsetParent !== null && box.scrollHeight > box.clientHeight ? box : document.scrollingElement!;
          target.scrollTop = target.scrollHeight;
        });
        return Math.max(...(await drawn()));
      }).toBe(expected - 1);
      await expect.poll(() => rows.count()).toBeLessThan(80);
      await e2e.shot(page, `stock-800-${viewport.width}`, { view: true });
      await context.close();
    }
  });

  it('the owner adds an employee with M03 only, who signs in, edits stock and is kept out of orders', async () => {
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend`);
    // the home says what waits: each figure links to its list
    const todo = page.getByRole('region', { name: '待处理' });
    await expect(todo.getByRole('link', { name: /^\d+ 零库存/ })).toHaveCount(1);
    await page.goto(`${e2e.url}/backend/organization/employee`);
    await page.getByRole('region', { name: '员工' }).waitFor();
    await expect(page.getByTestId('employee-limit')).toHaveText(/^员工 \d+ \/ \d+ 人$/);
    await page.getByRole('button', { name: '添加员工' }).click();
    const dialog = page.getByRole('dialog', { name: '添加员工' });
    await dialog.getByLabel('用户名').fill('cangku01');
    await dialog.getByLabel('姓名').fill('周仓库');
    await dialog.getByLabel('手机号').fill('1391234');
    await dialog.locator('#password').fill('cangku2026');
    await dialog.getByRole('checkbox', { name: /产品管理/ }).check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#mobile-error')).toContainText('手机号');
    await dialog.getByLabel('手机号').fill('13912340001');
    await e2e.shot(page, 'employee-form');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('employee-status')).toHaveText('已添加：周仓库（cangku01）');
    await expect(page.locator('[data-testid="list-row"]', { hasText: 'cangku01' })).toContainText('产品管理');
    await e2e.shot(page, 'employee-list');
    await page.context().close();

    const staff = await e2e.newPage();
    await staff.page.goto(`${e2e.url}/login`);
    await staff.page.locator('input[name="username"]').fill('cangku01');
    await staff.page.locator('input[name="password"]').fill('cangku2026');
    await staff.page.locator('button[type="submit"]').click();
    // an employee of a seller with a back-office code lands on the back-office home
    await staff.page.waitForURL((u) => u.pathname === '/backend');
    await openStock(staff.page);
    await expect.poll(() => staff.page.locator('[data-testid="list-row"]').count()).toBeGreaterThan(0);
    const menu = staff.page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu.getByRole('link', { name: '销售订单' })).toHaveCount(0);
    // the address of an order page does not open it either: the page says 无权访问 and what it needs
    await staff.page.goto(`${e2e.url}/backend/order/sales`);
    await staff.page.getByRole('heading', { name: '无权访问' }).waitFor();
    await expect(staff.page.getByTestId('forbidden-needs')).toContainText('销售订单');
    await staff.context.close();
  });
});

describe('company contacts and enterprise information', () => {
  it('the owner adds a contact (a bad QQ is named and nothing typed is lost) and saves the enterprise information', async () => {
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend/organization/contact`);
    await page.getByRole('region', { name: '联系人' }).waitFor();
    await page.getByRole('button', { name: '添加联系人' }).click();
    const dialog = page.getByRole('dialog', { name: '添加联系人' });
    await dialog.getByLabel('姓名').fill('吴销售');
    await dialog.getByLabel('联系电话').fill('020-88886666');
    await dialog.getByLabel('QQ').fill('0123');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#qq-error')).toHaveText('QQ号须为5到12位数字，不能以0开头');
    await expect(dialog.getByLabel('姓名')).toHaveValue('吴销售');
    await dialog.getByLabel('QQ').fill('88886666');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('contact-status')).toHaveText('已添加：吴销售');
    await expect(page.locator('[data-testid="list-row"]', { hasText: '吴销售' })).toContainText('88886666');
    const { rows } = await e2e.pglite.query<{ phone: string }>(`select phone from company_contact where company_id = 2 and name = '吴销售'`);
    expect(rows).toEqual([{ phone: '020-88886666' }]);

    await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '企业信息' }).click();
    await page.getByRole('form', { name: '企业信息' }).waitFor();
    await page.getByLabel('企业简称').fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('#short_name-error')).toContainText('企业简称');
    await page.getByLabel('企业简称').fill('骏达汽配');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('form', { name: '企业信息' }).getByRole('status')).toHaveText('企业信息已保存');
    await page.reload();
    await expect(page.getByLabel('企业简称')).toHaveValue('骏达汽配');
    await e2e.shot(page, 'enterprise-form');
    await page.context().close();

    // the clerk (M03 only) reads it and cannot save
    const clerk = await e2e.newPage();
    await e2e.signIn(clerk.page, '/login', 'clerk');
    await clerk.page.goto(`${e2e.url}/backend/settings/enterprise`);
    await expect(clerk.page.getByLabel('企业简称')).toBeDisabled();
    await expect(clerk.page.getByRole('button', { name: '保存' })).toHaveCount(0);
    await clerk.context.close();
  });
});
