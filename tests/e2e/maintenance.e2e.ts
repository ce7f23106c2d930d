/**
 * 保养套餐 and 宝马库存 in the browser (docs/maintenance.md): the seller builds a package from its
 * own stock in the dialog; the buyer finds it on the shop's 保养套餐 tab, priced for it, with the
 * line it cannot buy marked, adds the package whole to the cart and is told which line was left
 * out; the phone shop shows the same tab. 宝马库存 shows BMW numbers grouped and finds them typed
 * in another form. Screenshots at 1366, 1024×768 and 390×844: maintenance-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEVICE_SIZES, noSideScroll, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** The page at the three sizes a user brings, each saved as a screenshot; the page never scrolls sideways. */
const threeSizes = async (page: Page, name: string) => {
  for (const [w, h, tag] of [[1366, 768, '1366'], [1024, 768, '1024'], [390, 844, '390']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await noSideScroll(page);
    await e2e.shot(page, `maintenance-${name}-${tag}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};

type Row = { id: number; supplier_oe: string; name: string };

describe('maintenance packages', () => {
  it('the seller builds a package; the buyer adds it whole from the shop tab, told which line was not added', async () => {
    // three of the seller's rows with distinct OE numbers: two to buy, one sold out
    const { rows } = await e2e.pglite.query<Row>(`
      select distinct on (oe_norm) id::int as id, supplier_oe, name from stock
      where company_id = 2 and length(oe_norm) >= 8 order by oe_norm, id limit 3`);
    const [oil, filter, gone] = rows;
    for (const [r, fen] of [[oil, 4500], [filter, 2800], [gone, 1500]] as const) {
      await e2e.pglite.query(`update stock set state = 'on', op_off_reason = null, quantity = 30, price99 = $2 + 500, price0 = $2, price1 = $2 + 130, price2 = $2 + 300, price3 = $2 + 400 where id = $1`, [r.id, fen]);
    }
    await e2e.pglite.query('update stock set quantity = 0 where id = $1', [gone.id]);

    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(e2e.url + '/backend');
    await sp.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '保养套餐' }).click();
    await sp.waitForURL((u) => u.pathname === '/backend/product/maintenance');
    await expect(sp.getByText('还没有保养套餐')).toBeVisible();

    await sp.getByRole('button', { name: '新增套餐' }).click();
    const dialog = sp.getByRole('dialog', { name: '新增保养套餐' });
    await dialog.waitFor();
    // nothing chosen yet: refused beside the fields, nothing typed lost
    await dialog.getByLabel('套餐名称').fill('小保养');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#pkg-interval_km-error')).toContainText('公里数或月数至少填一项');
    await expect(dialog.locator('#pkg-lines-error')).toContainText('请至少添加一个套餐配件');
    await expect(dialog.getByLabel('套餐名称')).toHaveValue('小保养');

    await dialog.getByLabel('适用车型').fill('朗逸 1.5L 2018-2022');
    await dialog.getByLabel('保养里程（公里）').fill('5000');
    await dialog.getByLabel('保养月数').fill('6');
    for (const r of [oil, filter, gone]) {
      await dialog.getByRole('textbox', { name: '在本企业库存中查找配件' }).fill(r.supplier_oe);
      await dialog.getByRole('button', { name: '查找' }).click();
      await dialog.getByRole('button', { name: `添加 ${r.supplier_oe}`, exact: true }).first().click();
      await expect(dialog.getByRole('button', { name: `移除 ${r.supplier_oe}` })).toHaveCount(1);
    }
    await dialog.getByRole('textbox', { name: `${oil.supplier_oe} 数量（1至99）` }).fill('4');
    await e2e.shot(sp, 'maintenance-dialog-1366');
    await sp.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(sp, 'maintenance-dialog-390');
    await sp.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('maintenance-status')).toContainText('已新增：小保养（3 种配件）');
    const row = sp.getByTestId('list-row').filter({ hasText: '小保养' });
    await expect(row).toContainText('每5,000公里或6个月');
    await threeSizes(sp, 'list');

    // the buyer: a formal member pays 批发价; the sold-out line is marked and left out
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(`${e2e.url}/company/2?tab=maintenance`);
    const card = bp.getByRole('article', { name: '保养套餐 小保养' });
    await expect(card).toContainText('朗逸 1.5L 2018-2022');
    await expect(card.locator('li', { hasText: gone.supplier_oe })).toContainText('无货');
    // 4 × 45.00 + 1 × 28.00
    await expect(card.locator('.mt-card-foot')).toContainText('208.00');
    await threeSizes(bp, 'shop');
    await card.getByRole('button', { name: '整套加入购物车' }).click();
    await expect(card.getByRole('status')).toContainText('已加入购物车 2 种配件');
    await expect(card.getByRole('status')).toContainText(`未加入：${gone.name}（无货）`);
    await bp.goto(e2e.url + '/cart');
    await expect(bp.locator('tbody tr', { hasText: oil.supplier_oe }).first()).toBeVisible();
    await expect.poll(async () => (await e2e.pglite.query<{ qty: number }>(
      `select c.qty from cart_item c join app_user u on u.id = c.user_id where u.username = 'buyer' and c.stock_id = $1`, [oil.id])).rows[0]?.qty).toBe(4);

    // the phone's shop page has the same tab; a registered (free) member is priced at 零售价 (the
    // buyer stays signed in on the desktop: one session per user)
    const phone = await e2e.newPage({ ...DEVICE_SIZES[3] });
    await e2e.signIn(phone.page, '/login', 'member');
    await phone.page.goto(`${e2e.url}/company/m/2?tab=maintenance`);
    const phoneCard = phone.page.getByRole('article', { name: '保养套餐 小保养' });
    await expect(phoneCard.locator('li', { hasText: oil.supplier_oe })).toContainText('零售价(不含税)');
    // 4 × 48.00 + 1 × 31.00
    await expect(phoneCard.locator('.mt-card-foot')).toContainText('223.00');
    await noSideScroll(phone.page);
    await e2e.shot(phone.page, 'maintenance-shop-phone-390');
    await phone.context.close();

    // off: the buyer no longer sees it
    await row.getByRole('checkbox').check();
    await sp.getByRole('group', { name: '批量操作' }).getByRole('button', { name: '下架' }).click();
    await expect(sp.getByTestId('maintenance-status')).toContainText('已下架 1 个套餐');
    await bp.goto(`${e2e.url}/company/2?tab=maintenance`);
    await expect(bp.getByText('该店铺还没有保养套餐')).toBeVisible();
    await seller.context.close();
    await buyer.context.close();
  });

  it('宝马库存 shows BMW numbers grouped and finds one typed with dashes', async () => {
    const { rows: [row] } = await e2e.pglite.query<{ id: number }>(`select id::int as id from stock where company_id = 2 order by id desc limit 1`);
    await e2e.pglite.query(`update stock set make_id = (select id from make where name = '宝马'), supplier_oe = '34116794300', oe_norm = '34116794300' where id = $1`, [row.id]);
    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(e2e.url + '/backend/product/bmw');
    await expect(page.getByRole('heading', { name: '宝马库存' })).toBeVisible();
    await page.getByLabel('OE号').fill('34-11-6794300');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.searchParams.get('supplier_oe') === '34-11-6794300');
    const found = page.locator(`[data-testid="list-row"][data-id="${row.id}"]`);
    await expect(found).toContainText('34 11 6 794 300');
    await threeSizes(page, 'bmw');
    await page.context().close();
  });
});
