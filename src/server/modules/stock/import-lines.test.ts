// @vitest-environment node
/**
 * The import's file read on a worker thread (import-lines.ts): the lines arrive in batches with
 * their rows built as on the event loop, the count beside them, and a file that cannot be read
 * fails the import instead of leaving it waiting.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildImportRow, suggestMapping, type ImportReferences } from '../../../shared/domain/stock-import';
import { readImportLines, type ImportLinesInput, type ReadLine } from './import-lines';
import { PartTooLarge, XLSX_LIMITS } from './table-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-lines-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const HEADERS = ['OE号', '配件名称', '配件品牌', '品质', '库存数量', '批发价(不含税)'];
const mapping = suggestMapping(HEADERS, {});
const refs: ImportReferences = { brands: new Map([['博世', 7]]), qualities: new Map([['原厂', 2]]), makes: new Map() };
const input = (path: string, over: Partial<ImportLinesInput> = {}): ImportLinesInput =>
  ({ path, format: 'csv', encoding: 'utf-8', headers: HEADERS, mapping, refs, batchRows: 2, ...over });

const all = async (lines: AsyncGenerator<ReadLine[]>) => {
  const out: ReadLine[][] = [];
  for await (const b of lines) out.push(b);
  return out;
};

describe('readImportLines', () => {
  it('sends the lines in batches, blank lines left out and numbered as in the file, each with its row built by the add form\'s rules', async () => {
    const rows = [
      ['ab-123 45', '刹车片', '博世', '原厂', '3', '12.50'],
      ['OE200002', '机油滤清器', '博世', '原厂', '1', '8'],
      ['', '', '', '', '', ''],
      ['OE300003', '火花塞', '无此品牌', '原厂', '2', '5'],
      ['OE400004', '雨刮片', '博世', '原厂', '-1', '6'],
      ['OE500005', '水泵', '博世', '原厂', '4', '30'],
    ];
    const path = join(dir, 'lines.csv');
    await writeFile(path, `\uFEFF${[HEADERS, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`);
    const read = readImportLines(input(path));
    const batches = await all(read.batches);
    expect(await read.total).toBe(5);
    expect(batches.map((b) => b.map((l) => l.row_no))).toEqual([[2, 3], [5, 6], [7]]);
    const [first] = batches[0];
    expect(first.cells).toEqual(rows[0]);
    expect(first.row).toMatchObject({ supplier_oe: 'ab-123 45', oe_norm: 'AB12345', name: '刹车片', part_brand_id: 7, quality_id: 2, quantity: 3, price0: 1250 });
    // the same row, the same refusals, as built on the event loop
    for (const line of batches.flat()) {
      const built = buildImportRow(line.cells, HEADERS, mapping, refs);
      if (built.ok) expect(line.row).toEqual({ ...built.row, oe_norm: line.row!.oe_norm });
      else expect(line.errors).toEqual(built.errors);
    }
    const refused = batches.flat().filter((l) => l.errors);
    expect(refused.map((l) => l.row_no)).toEqual([5, 6]);
    expect(refused[0].errors!.join('；')).toContain('无此品牌');
  });

  it('stops its thread when the import stops reading, and the file can be read again', async () => {
    const path = join(dir, 'many.csv');
    await writeFile(path, [HEADERS.join(','), ...Array.from({ length: 50 }, (_, i) => `OE${100000 + i},刹车片,博世,原厂,1,2`)].join('\n'));
    const read = readImportLines(input(path, { batchRows: 10 }));
    for await (const b of read.batches) {
      expect(b).toHaveLength(10);
      break;
    }
    // the count settles either way (counted, or stopped with the thread): nothing waits on it
    await Promise.allSettled([read.total]);
    const again = readImportLines(input(path, { batchRows: 10 }));
    expect((await all(again.batches)).flat()).toHaveLength(50);
  });

  it('fails, rather than waits, when the file cannot be read', async () => {
    const read = readImportLines(input(join(dir, 'gone.csv')));
    await expect(read.total).rejects.toThrow(/ENOENT/);
    await expect(all(read.batches)).rejects.toThrow(/ENOENT/);
  });

  it('passes an XLSX part past its cap on as the same refusal in Chinese', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('库存');
    ws.addRow(HEADERS);
    for (let i = 0; i < 500; i++) ws.addRow([`OE${100000 + i}`, '刹车片', '博世', '原厂', 1, 2]);
    const path = join(dir, 'capped.xlsx');
    await writeFile(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const read = readImportLines(input(path, { format: 'xlsx', encoding: '', limits: { ...XLSX_LIMITS, worksheetBytes: 10_000 } }));
    const failed = all(read.batches);
    await expect(failed).rejects.toBeInstanceOf(PartTooLarge);
    await expect(failed).rejects.toThrow(/^表格文件解压后过大（工作表超过 1 MB）/);
    await expect(read.total).rejects.toBeInstanceOf(PartTooLarge);
  });
});
