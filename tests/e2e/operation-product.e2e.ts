/**
 * Browser end-to-end of the operator's product pages (ops-product) at 1024×768: the
 * operator takes a seller's row off sale with a reason, the buyer's OE search no longer shows it,
 * and the seller reads the reason on their stock page and cannot put it back; the part brand, car
 * make and brand cleaning pages open, and the cleaning page merges a spelling picked by hand and one it
 * suggests, then undoes the first merge from 合并记录; the operator recommends two rows on 推荐商品 and a guest's home lists them in that order.
 * Screenshots: operation-product-list, operation-product-off-seller, operation-brands,
 * operation-car-brands, operation-brand-clean, operation-brand-clean-unmerge(-1366), operation-product-recommend, operation-product-recommend-home.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noSideScroll, operatorMenu, startE2E, type E2E } from './harness';

let e2e: E2E;
const ROW = { supplier: 'E2E-OFF-0001', norm: 'E2EOFF0001' };
const REASON = '疑似假冒商品，请补充品牌授权书';
/** two rows for 推荐商品, of two sellers, under one new number */
const REC = { supplier: 'E2E-REC-0001', norm: 'E2EREC0001', names: ['E2E推荐刹车盘', 'E2E推荐刹车片'] };
beforeAll(async () => {
  e2e = await startE2E();
  await e2e.pglite.query(`
    insert into stock (company_id, oe_norm, supplier_oe, name, part_brand_id, quality_id, make_id, terminology_id, quantity, price99, price0, price1, price2, price3)
    select company_id, '${ROW.norm}', '${ROW.supplier}', name, part_brand_id, quality_id, make_id, terminology_id, 8, price99, price0, price1, price2, price3
    from stock where company_id = 2 and state = 'on' order by id limit 1`);
  for (const [i, name] of REC.names.entries()) {
    await e2e.pglite.query(`
      insert into stock (company_id, oe_norm, supplier_oe, name, part_brand_id, quality_id, make_id, terminology_id, quantity, price99, price0, price1, price2, price3)
      select company_id, '${REC.norm}', '${REC.supplier}', '${name}', part_brand_id, quality_id, make_id, terminology_id, 5, price99, price0, price1, price2, price3
      from stock where state = 'on' and company_id ${i === 0 ? '= 2' : 'not in (1, 2)'} order by id limit 1`);
  }
  await e2e.pglite.query(`insert into part_brand (name) values ('E2E博世'), ('E2EBOSCH'), ('e2e-Bosch ')`);
});
afterAll(async () => e2e?.close());

/** the result group of the number, named as the row writes it or normalised when nobody has it */
const group = (page: Page) => page.getByRole('region', { name: /^OE E2E-?OFF-?0001$/ });

describe('operator product pages', () => {
  it('takes a row off sale: the buyer no longer finds it, the seller sees why and cannot put it back', async () => {
    const buyer = await e2e.newPage();
    await buyer.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await e2e.searchOe(buyer.page, ROW.supplier);
    await expect(group(buyer.page)).toContainText('1 家报价');

    const { page, context } = await e2e.operatorPage();
    await operatorMenu(page).getByRole('link', { name: '商品列表' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/operation/product'));
    await page.getByLabel('OE号').fill(ROW.supplier);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByRole('button', { name: `下架 ${ROW.supplier}` }).click();
    // no reason: refused in the dialog, nothing changes
    await page.getByRole('button', { name: '确认下架' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('请填写下架原因（至少2个字符）');
    await page.locator('#off-reason').fill(REASON);
    await page.getByRole('button', { name: '确认下架' }).click();
    await expect(page.getByTestId('op-status')).toContainText('已下架 1 行');
    await expect(page.getByRole('main')).toContainText(REASON);
    await expect(page.getByRole('button', { name: `恢复上架 ${ROW.supplier}` })).toBeVisible();
    await noSideScroll(page);
    await e2e.shot(page, 'operation-product-list');

    await e2e.searchOe(buyer.page, ROW.supplier);
    await expect(group(buyer.page)).toContainText('0 家报价');
    await buyer.context.close();

    const seller = await e2e.newPage();
    await seller.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/backend/product/stockAndPrice?supplier_oe=${ROW.norm}`);
    await seller.page.getByRole('region', { name: '库存与价格' }).waitFor();
    await expect(seller.page.getByText(`平台下架：${REASON}`)).toBeVisible();
    await seller.page.getByRole('checkbox').last().check();
    await seller.page.getByRole('button', { name: '上架', exact: true }).click();
    await expect(seller.page.getByRole('alert').filter({ hasText: '已被平台下架' })).toBeVisible();
    await e2e.shot(seller.page, 'operation-product-off-seller');
    await seller.context.close();

    // the other product pages, and a merge of two spellings on the cleaning page
    await operatorMenu(page).getByRole('link', { name: '配件品牌' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/product/brand');
    await page.getByLabel('品牌名称 / ID').fill('E2E');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('main')).toContainText('E2EBOSCH');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-brands');
    await operatorMenu(page).getByRole('link', { name: '车型品牌' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/product/carBrand');
    await expect(page.getByRole('main')).toContainText('大众');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-car-brands');

    await operatorMenu(page).getByRole('link', { name: '品牌清洗' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/product/clean/brand');
    await page.getByRole('button', { name: '合并', exact: true }).click();
    await expect(page.locator('#keep_id-error')).toHaveText('请选择保留的品牌');
    await page.locator('#keep_id').fill('E2EBOSCH');
    await page.getByRole('option', { name: /^E2EBOSCH/ }).click();
    await page.locator('#merge_ids').fill('E2E博世');
    await page.getByRole('option', { name: /^E2E博世/ }).click();
    await expect(page.getByTestId('merge-preview')).toContainText('改为 “E2EBOSCH”');
    await page.getByRole('button', { name: '合并', exact: true }).click();
    await expect(page.getByTestId('op-status')).toContainText('已把 E2E博世 合并到 E2EBOSCH');
    // the spelling that differs only in case and punctuation is suggested below, one click from the form
    const dup = page.getByTestId('brand-duplicates').getByRole('row').filter({ hasText: 'e2e-Bosch' });
    await expect(dup).toContainText('“E2EBOSCH”');
    await dup.getByRole('button').click();
    await expect(page.getByTestId('merge-preview')).toContainText('将把 “e2e-Bosch ” 的 0 条库存改为 “E2EBOSCH”');
    await page.getByRole('button', { name: '合并', exact: true }).click();
    await expect(page.getByTestId('op-status')).toContainText('已把 e2e-Bosch 合并到 E2EBOSCH');
    await expect(page.getByTestId('brand-duplicates').getByRole('row').filter({ hasText: 'e2e-Bosch' })).toHaveCount(0);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-brand-clean');
    // 合并记录: the merge of E2E博世 is undone once; the record then says what came back
    const records = page.getByRole('region', { name: '合并记录' });
    await expect(records.getByRole('row')).toHaveCount(3);
    page.once('dialog', (d) => void d.accept());
    await records.getByRole('button', { name: '撤销合并 E2E博世 到 E2EBOSCH' }).click();
    await expect(page.getByTestId('unmerge-status')).toContainText(/已撤销 “E2E博世” 到“E2EBOSCH”的合并：库存改回 \d+ 条/);
    await expect(records.getByRole('row').filter({ hasText: 'E2E博世' })).toContainText('已撤销');
    await expect(records.getByRole('button', { name: '撤销合并 E2E博世 到 E2EBOSCH' })).toHaveCount(0);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-brand-clean-unmerge');
    await page.setViewportSize({ width: 1366, height: 900 });
    await e2e.shot(page, 'operation-brand-clean-unmerge-1366');
    await context.close();
  });

  it('recommends products: the operator picks two rows and moves one up; a guest home lists them in that order', async () => {
    const { page, context } = await e2e.operatorPage();
    await operatorMenu(page).getByRole('link', { name: '推荐商品' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/product/recommend');
    await page.getByText('还没有推荐商品').waitFor();
    await page.getByLabel('查找在售库存').fill('E2E-REC');
    await page.getByRole('button', { name: '查找' }).click();
    const found = page.getByLabel('查找结果');
    for (const name of REC.names) await found.getByRole('button', { name: new RegExp(`^加入 ${REC.supplier} ${name}`) }).click();
    // a found row already in the list is not offered again
    await expect(found.getByRole('button', { name: new RegExp(`^已加入 ${REC.supplier}`) })).toHaveCount(2);
    for (const b of await found.getByRole('button', { name: new RegExp(`^已加入 ${REC.supplier}`) }).all()) await expect(b).toBeDisabled();
    await page.getByRole('button', { name: `上移 ${REC.supplier} ${REC.names[1]}` }).click();
    await page.getByRole('button', { name: '保存顺序' }).click();
    await expect(page.getByTestId('op-status')).toContainText('推荐商品已保存');
    await expect(page.getByRole('list', { name: '推荐商品顺序' }).getByRole('listitem')).toHaveCount(2);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-product-recommend');
    await context.close();

    const guest = await e2e.newPage();
    await guest.page.setViewportSize({ width: 1024, height: 768 });
    await guest.page.goto(`${e2e.url}/`);
    const section = guest.page.getByRole('region', { name: '推荐商品' });
    await expect.poll(() => section.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(REC.names[1]), expect.stringContaining(REC.names[0])]);
    await noSideScroll(guest.page);
    await e2e.shot(guest.page, 'operation-product-recommend-home');
    await guest.context.close();
  });
});
