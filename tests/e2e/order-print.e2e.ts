/**
 * Browser end-to-end for the order's paper and the 发货 dialog, on the demo seller's order to ship
 * (seed-activity.ts): the detail page has 打印订单 and 打印发货单; printed, only the sheet shows
 * (the top bar, menu and page are gone), with the QR code of the order number and each line's brand;
 * an empty 发货 is refused under its fields before anything is sent; the sales list downloads its
 * XLSX. Screenshots: order-print-delivery, order-deliver-empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('order print and ship dialog', () => {
  it('prints 订单 and 发货单 from a print stylesheet, checks an empty 发货 in the page, exports the sales list', async () => {
    const { rows: [order] } = await e2e.pglite.query<{ order_no: string }>(
      `select order_no from goods_order where seller_company_id = 2 and status = 'confirmed' order by id limit 1`);
    const { rows: brands } = await e2e.pglite.query<{ brand_name: string }>(
      `select l.brand_name from goods_order_line l join goods_order o on o.id = l.order_id where o.order_no = $1 order by l.id`, [order.order_no]);
    const { page } = await e2e.newPage();
    await e2e.signIn(page, `/login?redirect=${encodeURIComponent(`/backend/order/detail/${order.order_no}`)}`, 'seller');
    await page.waitForURL((u) => u.pathname === `/backend/order/detail/${order.order_no}`);
    const actions = page.locator('.order-actions');
    const printing = page.getByRole('group', { name: '打印' });
    await printing.getByRole('button', { name: '打印订单' }).waitFor();
    await expect(printing.getByRole('button', { name: '打印发货单' })).toBeVisible();
    // every line shows a brand (the seller's own text on the demo's first line)
    await expect.poll(() => page.getByTestId('line-brand').allInnerTexts()).toEqual(brands.map((b) => expect.stringContaining(b.brand_name)));

    // 发货 with nothing typed: each field says so under it, no call leaves the page
    const sent: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/order/deliver')) sent.push(r.url()); });
    await actions.getByRole('button', { name: '发货', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '发货', exact: true }).click();
    await expect.poll(() => dialog.locator('#logistics_company-error').innerText()).toContain('物流公司');
    await expect(dialog.locator('#logistics_no-error')).toContainText('物流单号');
    // label above its field, the field as wide as the dialog's form
    const label = await dialog.locator('label[for="logistics_company"]').boundingBox();
    const input = await dialog.locator('#logistics_company').boundingBox();
    const form = await dialog.locator('form').boundingBox();
    expect(label!.y + label!.height).toBeLessThanOrEqual(input!.y + 1);
    expect(input!.width).toBeGreaterThan(form!.width - 4);
    expect(await dialog.locator('#logistics_company-error').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 38, 38)');
    await e2e.shot(page, 'order-deliver-empty');
    expect(sent).toEqual([]);
    await dialog.getByRole('button', { name: '返回' }).click();
    await dialog.waitFor({ state: 'detached' });

    // the print buttons choose the sheet and open the browser's print dialog
    await page.evaluate(() => { (window as unknown as { printed: number }).printed = 0; window.print = () => { (window as unknown as { printed: number }).printed += 1; }; });
    await printing.getByRole('button', { name: '打印发货单' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const sheet = page.locator('.print-sheet');
    await expect(sheet).toHaveAttribute('data-print-kind', 'delivery');
    await expect(sheet).toBeHidden();

    await page.emulateMedia({ media: 'print' });
    await expect(sheet).toBeVisible();
    await expect(sheet.locator('h1')).toHaveText('发货单');
    await expect(sheet.locator(`svg[data-qr-text="${order.order_no}"] path`)).toHaveCount(1);
    const printedText = await sheet.innerText();
    for (const b of brands) expect(printedText).toContain(b.brand_name);
    expect(printedText).not.toContain('单价');
    // the chrome is gone: top bar, menu, the page's own head and buttons
    for (const chrome of ['header:not(.print-head)', 'nav', '.order-detail-head', '.order-actions', '.order-print']) {
      const all = page.locator(chrome);
      for (let i = 0; i < await all.count(); i += 1) expect(await all.nth(i).isVisible(), chrome).toBe(false);
    }
    await e2e.shot(page, 'order-print-delivery');
    await page.emulateMedia({ media: 'screen' });
    await printing.getByRole('button', { name: '打印订单' }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.locator('h1')).toHaveText('订单');
    await expect(sheet).toContainText('单价');
    await page.emulateMedia({ media: 'screen' });

    // the sales list downloads what it shows as XLSX
    await page.getByRole('link', { name: '← 销售订单' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/order/sales');
    await page.getByTestId('order-row').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^销售订单-\d{8}-\d{4}\.xlsx$/);
  });
});
