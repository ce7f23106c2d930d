// @vitest-environment node
/**
 * Reading an uploaded XLSX does not depend on the order its writer stored the parts in, nor on
 * timing: exceljs's own streaming pass lost the parts after a worksheet in about 3 of 1,000 reads
 * of a one-sheet workbook it wrote itself, and in every read of the two-sheet one and of a
 * workbook whose main part comes after its worksheet (an upload then failed as "not a table").
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readLines, sniffFormat } from './table-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'table-file-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const lines = async (path: string) => {
  const out: string[][] = [];
  for await (const cells of readLines(path, 'xlsx', '')) out.push(cells);
  return out;
};

/** A workbook as exceljs writes it: the worksheet stored before the shared strings and the workbook part. */
const book = async (sheets: Record<string, Array<Array<string | number>>>) => {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** The same parts stored in another order. */
const reorder = async (bytes: Buffer, first: string[]) => {
  const src = await JSZip.loadAsync(bytes);
  const names = Object.keys(src.files).filter((n) => !src.files[n].dir);
  const out = new JSZip();
  for (const n of [...first, ...names.filter((x) => !first.includes(x))]) out.file(n, await src.files[n].async('uint8array'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

const save = async (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
};

describe('reading an XLSX upload', () => {
  const rows = [['OE号', '配件名称', '库存数量'], ['IMP-1-X', '机油滤清器', 3], [], ['IMP-2-X', '空气滤清器', 7]];
  const expected = [['OE号', '配件名称', '库存数量'], ['IMP-1-X', '机油滤清器', '3'], [], ['IMP-2-X', '空气滤清器', '7']];

  it('reads the first worksheet line by line, an empty line kept as one', async () => {
    const path = await save('plain.xlsx', await book({ 库存: rows, 其他: [['不读']] }));
    expect(await sniffFormat(path)).toEqual({ format: 'xlsx', encoding: '' });
    expect(await lines(path)).toEqual(expected);
  });

  it('reads a workbook whose parts are stored in any order', async () => {
    const bytes = await book({ 库存: rows });
    // shared strings first and the workbook part after the worksheet: exceljs's pass read the
    // worksheet before it knew the sheets and threw every time
    const stringsFirst = await save('strings-first.xlsx', await reorder(bytes, ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']));
    expect(await lines(stringsFirst)).toEqual(expected);
    // the order Excel itself writes: workbook part, relationships, worksheet, then shared strings
    const excelOrder = await save('excel-order.xlsx', await reorder(bytes, ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']));
    expect(await lines(excelOrder)).toEqual(expected);
  });

  it('reads nothing from a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('xl/readme.txt', 'not a workbook');
    const path = await save('not-a-book.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    expect(await lines(path)).toEqual([]);
  });
});
