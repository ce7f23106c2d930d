/**
 * Warehouses, locations and pick lists in the browser (docs/warehouse.md): the seller sets up a
 * warehouse and a shelf of locations in 仓库设置, places a row of a pending sales order at two
 * locations on 库存与价格 and moves some between them (调拨), then ticks the order on 销售订单 and
 * opens its 拣货单, sorted by location with its total. Screenshots at 1366, 1024×768 and 390×844:
 * warehouse-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('warehouses and pick lists', () => {
  it('sets up a warehouse, places and moves a row, and prints the pick list of its order', { timeout: 900_000 }, async () => {
    // a pending sales order of the demo seller whose first line is one of its stock rows
    const { rows: [order] } = await e2e.pglite.query<{ order_no: string; stock_id: number; supplier_oe: string; qty: number }>(`
      select o.order_no, l.stock_id::int as stock_id, s.supplier_oe, l.qty from goods_order o
        join goods_order_line l on l.order_id = o.id join stock s on s.id = l.stock_id
       where o.seller_company_id = 2 and o.status in ('pending', 'confirmed') order by o.id, l.id limit 1`);
    expect(order, 'the demo data holds a sales order to ship').toBeTruthy();
    await e2e.pglite.query('update stock set quantity = 12 where id = $1', [order.stock_id]);

    const seller = await e2e.newPage();
    const sp = seller.page;
    await sp.setViewportSize({ width: 1366, height: 900 });
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(e2e.url + '/backend');
    await sp.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '仓库设置' }).click();
    await sp.waitForURL((u) => u.pathname === '/backend/product/warehouse');
    await expect(sp.getByText('还没有仓库。新建一个仓库')).toBeVisible();

    // a warehouse; a second one of the same name is refused under the field
    await sp.getByRole('button', { name: '新建仓库' }).click();
    let dialog = sp.getByRole('dialog', { name: '新建仓库' });
    await dialog.getByLabel('仓库名称').fill('主仓');
    await dialog.getByLabel('地址').fill('广州市白云区机场路88号');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('warehouse-status')).toHaveText('已新建仓库 主仓');
    await sp.getByRole('button', { name: '新建仓库' }).click();
    dialog = sp.getByRole('dialog', { name: '新建仓库' });
    await dialog.getByLabel('仓库名称').fill('主仓');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#wh-name-error')).toContainText('已被本企业的另一个仓库使用');
    await dialog.getByRole('button', { name: '取消' }).click();

    // a shelf of labels at once
    await sp.getByRole('button', { name: '新建库位' }).click();
    dialog = sp.getByRole('dialog', { name: '新建库位' });
    await dialog.getByLabel('库位码（或开始库位码）').fill('a-01-01');
    await dialog.getByLabel('结束库位码（批量新建时填写）').fill('A-01-12');
    await expect(dialog.getByText('将新建 A-01-01 至 A-01-12')).toBeVisible();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('warehouse-status')).toHaveText('已新建 12 个库位');
    await expect(sp.getByTestId('list-total')).toHaveText('共 12 条');
    await expect(sp.getByTestId('warehouse-card')).toContainText('12 个库位 · 0 件');
    await shotsAtSizes(e2e, sp, 'warehouse-settings', [1366, 900]);

    // the row on 库存与价格: placed at A-01-01 with its quantity, 4 more at A-01-02, then 3 moved back
    await sp.goto(`${e2e.url}/backend/product/stockAndPrice?supplier_oe=${encodeURIComponent(order.supplier_oe)}`);
    const row = sp.locator(`[data-testid="list-row"][data-id="${order.stock_id}"]`);
    await row.getByTestId('stock-locations').click();
    dialog = sp.getByRole('dialog', { name: new RegExp(`^库位 · ${order.supplier_oe}`) });
    await expect(dialog.getByTestId('row-unlocated')).toContainText('库存 12 件');
    /** picks `option` in the group's `nth` dropdown (调拨: 0 调出, 1 调入) */
    const choose = async (group: string, option: string, nth = 0) => {
      await dialog.getByRole('group', { name: group }).locator('.p-dropdown').nth(nth).click();
      await sp.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('放入库位', '主仓/A-01-01');
    await dialog.getByRole('button', { name: '放入' }).click();
    await expect(sp.getByTestId('stock-status')).toContainText('在 主仓/A-01-01 12 件');
    await expect(dialog.getByTestId('row-location')).toHaveCount(1);
    await choose('放入库位', '主仓/A-01-02');
    await dialog.getByLabel('数量', { exact: true }).fill('4');
    await dialog.getByRole('button', { name: '放入' }).click();
    await expect(dialog.getByTestId('row-total')).toHaveText('16');
    // 调拨 3 from A-01-02 to A-01-01; a quantity that is not a number is refused in the dialog
    await choose('调拨', '主仓/A-01-02（4）');
    await choose('调拨', '主仓/A-01-01', 1);
    await dialog.getByLabel('调拨数量').fill('3');
    await dialog.getByRole('button', { name: '调拨' }).click();
    await expect(sp.getByTestId('stock-status')).toContainText('已调拨');
    await expect(dialog.getByRole('textbox', { name: '主仓/A-01-01 数量' })).toHaveValue('15');
    await expect(dialog.getByRole('textbox', { name: '主仓/A-01-02 数量' })).toHaveValue('1');
    await dialog.getByRole('textbox', { name: '主仓/A-01-02 数量' }).fill('abc');
    await dialog.getByRole('textbox', { name: '主仓/A-01-02 数量' }).press('Enter');
    await expect(dialog.getByTestId('row-location-error')).toContainText('库位数量应为0到');
    await e2e.shot(sp, 'warehouse-row-dialog-1366', { view: true });
    await dialog.locator('.p-dialog-footer').getByRole('button', { name: '关闭' }).click();
    await expect(row.getByTestId('stock-locations')).toContainText('A-01-01 ×15');
    await shotsAtSizes(e2e, sp, 'warehouse-stock', [1366, 900], { fitFrom: 1024 });

    // 销售订单: tick the order, open its pick list
    await sp.goto(`${e2e.url}/backend/order/sales?no=${order.order_no}`);
    const orderRow = sp.getByTestId('order-row').filter({ hasText: order.order_no });
    await orderRow.getByRole('checkbox', { name: `选择 ${order.order_no}` }).check();
    await sp.getByTestId('pick-list-button').click();
    await sp.waitForURL((u) => u.pathname === '/backend/order/pick');
    const first = sp.getByTestId('pick-line').filter({ hasText: order.supplier_oe }).first();
    await expect(first).toContainText('A-01-01');
    await expect(first).toContainText('也在 主仓/A-01-02（1）');
    expect(await sp.getByRole('button', { name: '打印' }).isEnabled()).toBe(true);
    const total = Number(await sp.getByTestId('pick-total').innerText());
    expect(total).toBeGreaterThanOrEqual(order.qty);
    await shotsAtSizes(e2e, sp, 'warehouse-pick', [1366, 900]);
    await sp.emulateMedia({ media: 'print' });
    await e2e.shot(sp, 'warehouse-pick-print');
    await expect(sp.getByRole('navigation', { name: '后台菜单' })).toBeHidden();
    await sp.emulateMedia({ media: 'screen' });
  });
});
