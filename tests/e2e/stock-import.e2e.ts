/**
 * Browser end-to-end of the stock import: the seller uploads a 1,000-line CSV with 3 bad
 * lines, sees the mapping and the preview with the problems, imports with a progress bar, downloads
 * the error file (3 lines with 错误原因), and finds the new rows in the stock list.
 * Screenshots: stock-import-preview, stock-import-progress.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('stock import page', () => {
  it('imports a 1,000-line CSV with 3 bad lines, shows problems and progress, and gives the error file', async () => {
    const { rows: [brand] } = await e2e.pglite.query<{ name: string }>('select name from part_brand order by id limit 1');
    const { rows: [quality] } = await e2e.pglite.query<{ name: string }>('select name from part_quality order by id limit 1');
    const lines = [['OE号', '配件名称', '配件品牌', '品质', '自编码', '库存数量', '批发价(不含税)']];
    for (let i = 1; i <= 1000; i++) lines.push([`E2EIMP${String(i).padStart(5, '0')}`, '导入测试滤清器', brand.name, quality.name, `E${i}`, String(i), '12.50']);
    lines[3][0] = '12';
    lines[5][6] = '-3';
    lines[7][2] = '没有这个品牌';
    const csv = `\uFEFF${Papa.unparse(lines)}\r\n`;

    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'seller');
    await page.goto(`${e2e.url}/backend/product/stockAndPrice`);
    await page.getByRole('link', { name: '批量导入' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/product/import');
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu.getByRole('link', { name: '导入库存' })).toHaveCount(1);

    await page.getByTestId('import-file').setInputFiles({ name: '库存.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByTestId('import-file-info')).toContainText('库存.csv');
    await page.getByRole('button', { name: '预览' }).click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('其中 3 行有问题');
    const text = await preview.innerText();
    expect(text).toContain('OE号至少');
    expect(text).toContain('批发价(不含税)须为不小于0的数字');
    expect(text).toContain('配件品牌不存在：没有这个品牌');
    await e2e.shot(page, 'stock-import-preview');

    await page.getByTestId('import-start').click();
    const progress = page.getByTestId('import-progress');
    await progress.waitFor();
    await e2e.shot(page, 'stock-import-progress');
    await expect(progress).toContainText('导入完成', { timeout: 60_000 });
    await expect(page.getByTestId('import-counts')).toContainText('新增 997');
    await expect(page.getByTestId('import-counts')).toContainText('失败 3');
    await e2e.shot(page, 'stock-import-done');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-errors').click()]);
    expect(download.suggestedFilename()).toBe('库存-错误行.csv');
    // the browser is shared over a connection: save the download here to read it
    const saved = join(mkdtempSync(join(tmpdir(), 'qph-dl-')), 'errors.csv');
    await download.saveAs(saved);
    const errors = Papa.parse<string[]>(readFileSync(saved, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(errors[0]).toEqual([...lines[0], '错误原因']);
    expect(errors.slice(1).map((r) => r[0])).toEqual(['12', 'E2EIMP00005', 'E2EIMP00007']);
    expect(errors[1][7]).toContain('OE号至少');
    expect(errors[2][7]).toContain('须为不小于0的数字');
    expect(errors[3][7]).toContain('配件品牌不存在');

    await page.getByRole('link', { name: '查看库存' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/product/stockAndPrice');
    await page.getByLabel('OE号').fill('E2EIMP00999');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row').first()).toContainText('E2EIMP00999');
    await page.context().close();
  });
});
