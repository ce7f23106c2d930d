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
import * as unzipper from 'unzipper';
import { NotAWorkbook, readLines, sniffFormat } from './table-file';

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

/** The same parts stored in another order, the workbook's relationships rewritten by `rels`. */
const reorder = async (bytes: Buffer, first: string[], rels = (xml: string) => xml) => {
  const src = await JSZip.loadAsync(bytes);
  const names = Object.keys(src.files).filter((n) => !src.files[n].dir);
  const out = new JSZip();
  for (const n of [...first, ...names.filter((x) => !first.includes(x))]) {
    out.file(n, n === 'xl/_rels/workbook.xml.rels' ? rels(await src.files[n].async('string')) : await src.files[n].async('uint8array'));
  }
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

  it('finds the worksheet through the relationships: absolute or ./ targets, the first visible tab whatever its file', async () => {
    const bytes = await book({ 库存: rows });
    for (const target of ['/xl/worksheets/sheet1.xml', './worksheets/sheet1.xml']) {
      const path = await save('target.xlsx', await reorder(bytes, [], (xml) => xml.replace('Target="worksheets/sheet1.xml"', `Target="${target}"`)));
      expect(await lines(path), target).toEqual(expected);
    }
    // the first tab's relationship names sheet2.xml: that file is read, not sheet1.xml
    const two = await book({ 第一页: [['甲']], 第二页: [['乙']] });
    const swapped = await save('swapped.xlsx', await reorder(two, [], (xml) =>
      xml.replace('Target="worksheets/sheet1.xml"', 'Target="SWAP"').replace('Target="worksheets/sheet2.xml"', 'Target="worksheets/sheet1.xml"').replace('Target="SWAP"', 'Target="worksheets/sheet2.xml"')));
    expect(await lines(swapped)).toEqual([['乙']]);
    // a hidden first tab is passed over
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('隐藏', { state: 'hidden' }).addRow(['不读']);
    wb.addWorksheet('库存').addRow(['OE号']);
    expect(await lines(await save('hidden.xlsx', Buffer.from(await wb.xlsx.writeBuffer())))).toEqual([['OE号']]);
  });

  it('stops cleanly when the caller has read enough', async () => {
    const path = await save('early.xlsx', await book({ 库存: rows }));
    for await (const cells of readLines(path, 'xlsx', '')) {
      expect(cells).toEqual(expected[0]);
      break;
    }
    expect(await lines(path)).toEqual(expected);
  });

  it('refuses a zip that is not a workbook, and a damaged part, as an error of the read (the server stays up)', async () => {
    const zip = new JSZip();
    zip.file('xl/readme.txt', 'not a workbook');
    const notBook = await save('not-a-book.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(lines(notBook)).rejects.toBeInstanceOf(NotAWorkbook);
    // the worksheet's deflate data overwritten: an invalid block, which used to escape as an uncaught stream error
    const bytes = await book({ 库存: rows });
    const sheet = (await unzipper.Open.buffer(bytes)).files.find((f) => f.path === 'xl/worksheets/sheet1.xml')!;
    const at = sheet.offsetToLocalFileHeader + 30 + bytes.readUInt16LE(sheet.offsetToLocalFileHeader + 26) + bytes.readUInt16LE(sheet.offsetToLocalFileHeader + 28);
    bytes.fill(0xff, at, at + 8);
    await expect(lines(await save('damaged.xlsx', bytes))).rejects.toThrow();
  });
});
